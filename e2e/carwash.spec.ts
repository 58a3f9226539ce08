import type { Locator, Page, Request } from '@playwright/test';
import {
  activeViaApi,
  auth,
  firstCarwashStation,
  keepLiveScreen,
  keepScreen,
} from './stations-helpers.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

/** CARWASH_STOP_HOLD_MS of the domain: the stop acts only after a hold this long. */
const STOP_HOLD_MS = 3000;

const CHECKS = [
  'Antennan er tikin av ella feld niður',
  'Speglarnir eru feldir inn',
  'Allir gluggar og takluka eru stongd',
  'Einki er á takinum, t.d. takboks ella súkklur',
];

const wash = (page: Page) => page.getByTestId('carwash-wash');
const currentStep = (page: Page) =>
  page.getByTestId('carwash-steps').locator('[aria-current="step"]');
const progressOf = async (button: Locator) =>
  Number(await button.getByTestId('carwash-stop-progress').getAttribute('data-progress'));

/** The mouse pressed on the middle of an element, as a finger would. */
async function pressOn(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the button is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
}

test('a wash: the checklist, the countdown, and a stop held for 3 seconds', async ({
  signedIn: page,
  userWithCard: user,
  request,
}) => {
  test.setTimeout(120_000);
  const station = await firstCarwashStation(request);
  const bays = await request.get(`/api/carwash/stations/${String(station.id)}/bays`, {
    headers: auth(user),
  });
  const { items } = (await bays.json()) as { items: { number: number; state: string }[] };
  const bay = items.find((b) => b.state === 'free')?.number;
  if (bay === undefined) throw new Error(`no free bay at ${station.name}`);
  const basic = station.products.find((p) => p.code === 'WashBasic')!;

  // The stop button times its hold with setInterval and Date.now: on the page's own clock, which
  // runs as a real one until the test holds it still to time the presses.
  await page.clock.install();

  // The programme, the bay and the card.
  await page.goto(`/carwash/stations/${String(station.id)}`);
  await expect(page).toHaveURL(new RegExp(`/carwash/stations/${String(station.id)}/products$`));
  const programme = page.getByRole('radio', { name: /^Grundvask/ });
  await expect(programme).toContainText('6 min.');
  await expect(programme).toContainText('99,00 kr.');
  await programme.click();
  await expect(programme).toHaveAttribute('aria-checked', 'true');
  const bayTile = page.getByTestId('bay-grid').getByRole('button', {
    name: `Vaskibásur ${String(bay)}, Leysur`,
  });
  await bayTile.click();
  await expect(bayTile).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('carwash-payment').getByRole('radio')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await keepScreen(page, 'carwash-products', true);
  await page.getByRole('button', { name: 'Halt fram' }).click();

  // The checklist: 'Byrja vask' waits for all four ticks.
  await expect(page).toHaveURL(
    new RegExp(
      `/carwash/stations/${String(station.id)}/checklist\\?bay=${String(bay)}&product=${String(basic.id)}&pay=card`,
    ),
  );
  await expect(page.getByTestId('carwash-plan')).toHaveText(
    `Grundvask · vaskibásur ${String(bay)}`,
  );
  await expect(page.getByTestId('carwash-hold')).toContainText('99,00 kr. verða fyrivarðar');
  const start = page.getByRole('button', { name: 'Byrja vask' });
  await expect(start).toBeDisabled();
  for (const check of CHECKS.slice(0, 3)) {
    await page.getByText(check, { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: check })).toBeChecked();
    await expect(start).toBeDisabled();
  }
  await expect(page.getByText('Set kross við øll fýra fyri at byrja.')).toBeVisible();
  await keepScreen(page, 'carwash-checklist', true);
  // Unticking one is possible; all four are needed again.
  await page.getByText(CHECKS[0]!, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: CHECKS[0] })).not.toBeChecked();
  await page.getByText(CHECKS[0]!, { exact: true }).click();
  await expect(start).toBeDisabled();
  await page.getByText(CHECKS[3]!, { exact: true }).click();
  await expect(start).toBeEnabled();
  await keepScreen(page, 'carwash-checklist-ticked', true);
  expect(await activeViaApi(request, user)).toBeNull();
  await start.click();

  // The countdown while the car drives in; there is no way back from here.
  await expect(page).toHaveURL(new RegExp(`/carwash/stations/${String(station.id)}/wash$`));
  await expect(wash(page)).toHaveAttribute('data-state', 'countdown');
  await expect(page.getByTestId('header-back')).toHaveCount(0);
  const countdown = page.getByTestId('carwash-countdown');
  await expect(countdown).toContainText('Vaskurin byrjar um');
  await expect(page.getByTestId('carwash-countdown-seconds')).toHaveText(/^0:[0-2]\d$/);
  await expect(currentStep(page)).toContainText('Byrjar um løtu');
  await keepLiveScreen(page, 'carwash-countdown');
  const started = await activeViaApi(request, user);
  // The money is taken when the wash starts, not when it ends.
  expect(started).toMatchObject({ held: 9900, captured: 9900, released: 0 });
  expect(['countdown', 'washing']).toContain(started?.state);

  // Then the ring with the minutes left.
  await expect(wash(page)).toHaveAttribute('data-state', 'washing', { timeout: 30_000 });
  await expect(currentStep(page)).toContainText('Vaskur í gongd');
  const ring = page.getByRole('progressbar', { name: 'Vaskur' });
  await expect(ring).toBeVisible();
  await expect(ring).toHaveAttribute('aria-valuetext', /minutt(ur|ir) eftir|Minni enn ein/);
  await expect(page.getByTestId('carwash-minutes')).toHaveText(/^\d+$/);
  await keepLiveScreen(page, 'carwash-washing');

  // From here the clock moves only when the test moves it, so each hold lasts exactly as long as
  // it says. A stop the page asked for would show as a request.
  const isStop = (r: Request) => /\/api\/carwash\/transactions\/[^/]+\/stop$/.test(r.url());
  const stopRequests: Request[] = [];
  page.on('request', (r) => {
    if (isStop(r)) stopRequests.push(r);
  });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  // A short press does nothing: the fill starts over and the wash goes on.
  const stop = page.getByTestId('carwash-stop');
  await expect(stop).toHaveText('Steðga vaskinum');
  await pressOn(page, stop);
  await expect(stop).toHaveAttribute('data-holding', 'true');
  await page.clock.runFor(500);
  await expect.poll(() => progressOf(stop)).toBeGreaterThan(0);
  await page.mouse.up();
  await expect(stop).not.toHaveAttribute('data-holding', 'true');
  expect(await progressOf(stop)).toBe(0);
  // Longer than a hold would take: had the short press counted, the wash would stop meanwhile.
  await page.clock.runFor(STOP_HOLD_MS + 500);
  await expect(stop).not.toHaveAttribute('data-holding', 'true');
  await expect(wash(page)).toHaveAttribute('data-state', 'washing');
  expect((await activeViaApi(request, user))?.state).toBe('washing');
  expect(stopRequests).toEqual([]);

  // Held for 3 seconds: the fill runs across the button, then the wash stops.
  await pressOn(page, stop);
  await expect(stop).toHaveText(/^Steðgar um [1-3] sek\./);
  await page.clock.runFor(1200);
  await expect.poll(() => progressOf(stop)).toBeGreaterThanOrEqual(40);
  await page.screenshot(shot('carwash-stop-holding'));
  // A moment short of the hold, nothing is asked yet; the hold's last tick asks for the stop.
  await page.clock.runFor(STOP_HOLD_MS - 1200 - 50);
  await expect(stop).toHaveText('Steðgar um 1 sek.');
  expect(stopRequests).toEqual([]);
  const stopAsked = page.waitForRequest(isStop);
  await page.clock.runFor(50);
  await page.mouse.up();
  // The answer and the screens after it run on timers of their own: the clock runs again.
  await page.clock.resume();
  await stopAsked;
  expect(stopRequests).toHaveLength(1);

  await expect(wash(page)).toHaveAttribute('data-state', 'stopped');
  await expect(currentStep(page)).toContainText('Steðgaður');
  const stopped = page.getByTestId('carwash-stopped');
  await expect(stopped.getByRole('heading', { name: 'Vaskurin er steðgaður' })).toBeVisible();
  await expect(stopped).toContainText('Bert starvsfólkið á støðini kann byrja vaskin aftur.');
  await expect(page.getByTestId('carwash-stop')).toHaveCount(0);
  // No back button on this screen, but a way out: the wash waits for staff, not for the user.
  await expect(page.getByRole('link', { name: 'Til forsíðuna' })).toBeVisible();
  await keepScreen(page, 'carwash-stopped');
  // A stopped wash waits for staff: still the user's open transaction, paid at the start.
  expect(await activeViaApi(request, user)).toMatchObject({
    id: started!.id,
    state: 'stopped',
    label: 'stopped',
    captured: 9900,
  });

  // Home says so, and leads back to the wash.
  await page.getByRole('link', { name: 'Til forsíðuna' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const banner = page.getByTestId('active-transaction-banner');
  await expect(banner).toHaveAttribute('data-service', 'carwash');
  await expect(banner).toContainText(`Vaskibásur ${String(bay)} · ${station.name}`);
  await expect(banner).toHaveAttribute('data-state', 'stopped');
  await expect(banner.getByTestId('stopped-wash-staff')).toHaveText(
    'Starvsfólkið í búðini kann byrja vaskin aftur. Far inn og tosa við tey.',
  );
  await keepScreen(page, 'carwash-home-banner');
  // A fresh load of home stays on home: the stopped wash does not take the app over.
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(banner).toHaveAttribute('data-state', 'stopped');
  // A fill may start beside it (the domain's startRefusal): the fuel pages neither redirect nor
  // say that something is under way.
  await page.goto(`/fuel/stations/${String(station.id)}`);
  await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}$`));
  await expect(page.getByTestId('pump-grid').locator('[data-state="free"]').first()).toBeVisible();
  await expect(page.getByTestId('fuel-active-notice')).toHaveCount(0);
  // Another wash may not: the wash's products say why and where the staff are.
  await page.goto(`/carwash/stations/${String(station.id)}/products`);
  const notice = page.getByTestId('carwash-active-notice');
  await expect(notice).toHaveText(
    'Vaskurin hjá tær er steðgaður og bíðar eftir starvsfólkinum. Tosa við tey í búðini, áðrenn tú byrjar ein nýggjan vask.',
  );
  await keepScreen(page, 'carwash-products-beside-stopped');
  await page.goto('/home');
  await banner.click();
  await expect(page).toHaveURL(new RegExp(`/carwash/stations/${String(station.id)}/wash$`));
  await expect(wash(page)).toHaveAttribute('data-state', 'stopped');
});
