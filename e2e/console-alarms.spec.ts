import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { registerViaApi } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// The demo seed's manager of the first demo station (docs/demo.md).
const MANAGER = { email: 'station@example.com', password: 'station-password-1' };

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

/** The simulator's control of a pump: what a fault at the station does. */
async function pump(
  request: APIRequestContext,
  stationId: number,
  pumpNumber: number,
  action: 'fault' | 'online',
) {
  const response = await request.post('/api/dev/sim/pumps', {
    data: { stationId, pumpNumber, action },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a pump fault raises a red alarm, which the station manager acknowledges, and it clears when the pump is back', async ({
  page,
  request,
  browser,
}) => {
  // The manager of one station lands on it; its last pump is the one that faults.
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/console\/stations\/\d+$/);
  const stationId = Number(/\/stations\/(\d+)$/.exec(page.url())![1]);
  const stationName = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const pumps = page.getByTestId('station-pumps').getByRole('listitem');
  await expect(pumps.first()).toBeVisible();
  const number = await pumps.count();

  await pump(request, stationId, number, 'fault');
  try {
    // The pump's own card turns red on the station screen.
    const card = page.getByTestId(`pump-${String(number)}`);
    await expect(card.locator('[data-state]')).toHaveAttribute('data-state', 'inactive');
    await expect(card.locator('[data-state]')).toHaveClass(/bg-red-100/);

    const nav = page.getByRole('navigation', { name: 'Stýriborð' });
    await expect(nav.getByTestId('nav-alarm-count')).toBeVisible();
    await nav.getByRole('link', { name: /^Ávaringar/ }).click();
    await expect(page).toHaveURL(/\/console\/alarms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ávaringar');
    await expect(page.getByText('á tínum støðum', { exact: false })).toBeVisible();

    const alarm = page
      .getByTestId('alarm')
      .filter({ hasText: `Pumpa ${String(number)} er í ólagi` })
      .filter({ hasText: stationName });
    await expect(alarm).toHaveAttribute('data-severity', 'fault');
    await expect(alarm).toHaveClass(/bg-red-50/);
    await expect(alarm).toContainText('Í ólagi');
    await expect(page.getByTestId('alarm-counts')).toContainText('Í ólagi:');
    // A manager sees their own station's alarms only.
    for (const text of await page.getByTestId('alarm').allInnerTexts())
      expect(text).toContain(stationName);
    await expectAccessible(page);
    await page.screenshot(shot('console-alarms-fault-desktop'));

    await alarm.getByRole('button', { name: `Vátta: Pumpa ${String(number)} er í ólagi` }).click();
    await expect(alarm.getByTestId('alarm-acknowledged')).toContainText('Váttað av Jógvan Hansen');
    await expect(alarm).toHaveAttribute('data-acknowledged', 'true');
    await expect(alarm.getByRole('button', { name: /^Vátta/ })).toHaveCount(0);

    // An operator sees the same alarm, acknowledged, on a tablet.
    const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const operator = await tablet.newPage();
    await signIn(operator, OPERATOR);
    await expect(operator.getByTestId('console-role')).toBeVisible();
    await operator.goto('/console/alarms');
    const seen = operator
      .getByTestId('alarm')
      .filter({ hasText: `Pumpa ${String(number)} er í ólagi` })
      .filter({ hasText: stationName });
    await expect(seen.getByTestId('alarm-acknowledged')).toContainText('Jógvan Hansen');
    await expect(operator.getByText('á øllum støðunum', { exact: false })).toBeVisible();
    await expectAccessible(operator);
    await operator.screenshot(shot('console-alarms-tablet'));
    // The stations list marks the station red.
    await operator.goto('/console/stations');
    const marked = operator
      .getByTestId('console-stations')
      .getByRole('link', { name: new RegExp(`^${stationName}`) });
    // At least this fault (an earlier journey may have left a wash stopped there).
    await expect(marked.getByTestId('station-alarms')).toContainText(/Í ólagi: [1-9]/);
    await tablet.close();
  } finally {
    await pump(request, stationId, number, 'online');
  }

  // Back in order: the alarm leaves the open list by itself and stands among the cleared ones.
  await expect(
    page.getByTestId('alarm').filter({ hasText: `Pumpa ${String(number)} er í ólagi` }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Avgreiddar seinastu 7 dagarnar' }).click();
  const cleared = page
    .getByTestId('alarms-cleared')
    .getByTestId('alarm')
    .filter({ hasText: `Pumpa ${String(number)} er í ólagi` })
    .first();
  await expect(cleared).toContainText('avgreidd');
  await expectAccessible(page);
  await page.screenshot(shot('console-alarms-cleared-desktop'));
});

test('the manager takes a pump out of service and pauses the kitchen, and the customer app is told', async ({
  page,
  request,
}) => {
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/console\/stations\/\d+$/);
  const stationId = Number(/\/stations\/(\d+)$/.exec(page.url())![1]);
  const customer = await registerViaApi(request, 'closed-pump');
  const pumps = async () => {
    const response = await request.get(`/api/fuel/stations/${String(stationId)}/pumps`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    return ((await response.json()) as { items: { number: number; state: string }[] }).items;
  };
  const card = page.getByTestId('pump-1');
  await card.getByRole('button', { name: 'Tak Pumpa 1 úr nýtslu' }).click();
  await expect(card.getByTestId('out-of-service')).toHaveText('Úr nýtslu');
  await expect
    .poll(async () => (await pumps()).find((p) => p.number === 1)?.state)
    .toBe('unavailable');

  const pause = page.getByTestId('kitchen-pause');
  await pause.getByRole('button', { name: 'Steðga køkinum' }).click();
  await expect(page.getByTestId('kitchen-paused')).toContainText('Køkið er steðgað');
  // Orders left unanswered are accepted by the station rather than lost, while this is on.
  const auto = pause.getByRole('checkbox', {
    name: 'Tak sjálvvirkandi við bíleggingum, sum køkurin ikki svarar í tíð',
  });
  await auto.check();
  await expect(page.getByTestId('toast-success').last()).toContainText(
    'verða nú tiknar við sjálvvirkandi',
  );
  await expect(auto).toBeChecked();
  // The kitchen's own preparation time: the app's first pickup time follows it.
  const prep = page.getByTestId('kitchen-prep');
  await prep.getByLabel('Tilgerðartíð (min)').fill('0');
  await prep.getByRole('button', { name: 'Goym tilgerðartíðina' }).click();
  await expect(prep.getByText('Eitt heilt tal frá 1 til 120.')).toBeVisible();
  await prep.getByLabel('Tilgerðartíð (min)').fill('20');
  await prep.getByRole('button', { name: 'Goym tilgerðartíðina' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Tilgerðartíðin er 20 min.');
  const prepOf = async () =>
    (
      (await (await request.get(`/api/stations/stod/${String(stationId)}`)).json()) as {
        kitchenPrepMinutes?: number;
      }
    ).kitchenPrepMinutes;
  expect(await prepOf()).toBe(20);
  await expectAccessible(page);
  await page.screenshot(shot('console-station-out-of-service-desktop'));

  // Back as they were.
  await card.getByRole('button', { name: 'Set Pumpa 1 í nýtslu aftur' }).click();
  await expect(card.getByTestId('out-of-service')).toHaveCount(0);
  await pause.getByRole('button', { name: 'Tak ímóti bíleggingum aftur' }).click();
  await expect(page.getByTestId('kitchen-paused')).toHaveCount(0);
  await auto.uncheck();
  await expect(auto).not.toBeChecked();
  await prep.getByLabel('Tilgerðartíð (min)').fill('10');
  await prep.getByRole('button', { name: 'Goym tilgerðartíðina' }).click();
  await expect.poll(prepOf).toBe(10);
  await expect
    .poll(async () => (await pumps()).find((p) => p.number === 1)?.state)
    .not.toBe('unavailable');
});
