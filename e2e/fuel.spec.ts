import type { Page } from '@playwright/test';
import {
  activeViaApi,
  addGatewayCard,
  atPump,
  keepLiveScreen,
  keepScreen,
  litresOf,
  oreOf,
  pumpState,
  stationNamed,
  transactionViaApi,
  type StationJson,
} from './stations-helpers.ts';
import { expect, test } from './test.ts';

// Each journey has a pump of its own: the suite shares one server and its simulated pumps.
const LIST_STATION = 'Støð Klaksvík';
const LINK_STATION = 'Støð Runavík';
const NO_FUNDS_STATION = 'Støð Saltangará';
const FAULT_STATION = 'Støð Eiði';

const NO_FUNDS_CARD = '4000 0000 0000 9995';
const NO_FUNDS_TEXT =
  'Tað eydnaðist ikki at byrja tankingina: tryggja tær, at 750 kr. eru tøk á gjaldskortinum.';

const fill = (page: Page) => page.getByTestId('fuel-fill');
const currentStep = (page: Page) => page.getByTestId('fuel-steps').locator('[aria-current="step"]');
const litresOnScreen = async (page: Page) =>
  litresOf(await page.getByTestId('fuel-litres').textContent());

/** On the fuel screen of a pump: the grade, the card (the only one, chosen), and the start. */
async function chooseGradeAndStart(page: Page, grade: string, screenshot?: string) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${grade}`) });
  await radio.click();
  await expect(radio).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('fuel-cards').getByRole('radio')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('fuel-hold')).toContainText('750,00 kr. verða fyrivarðar');
  if (screenshot) await keepScreen(page, screenshot, true);
  await page.getByRole('button', { name: 'Byrja at tanka' }).click();
}

/** The fill screen with the pump waiting for the nozzle: the first of the §4 labels. */
async function expectReady(page: Page, station: StationJson, pump: number, grade: string) {
  await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/fill$`));
  await expect(fill(page)).toHaveAttribute('data-state', 'ready');
  await expect(currentStep(page)).toContainText('Klárt at tanka');
  await expect(page.getByTestId('fuel-station-heading')).toContainText(
    `Pumpa ${String(pump)} · ${grade}`,
  );
  await expect(page.getByRole('heading', { name: 'Tak pumpuna niður' })).toBeVisible();
  await expect(page.getByTestId('fuel-held-line')).toHaveText('Fyrivarðað: 750,00 kr.');
  await expect(page.getByTestId('fuel-litres')).toHaveText('0,00');
  await expect(page.getByTestId('fuel-deadline')).toHaveText(/^Tíð eftir: \d+:\d\d$/);
}

/** Two readings of the pump's display, the later one larger: the litres rise on their own. */
async function expectLitresRising(page: Page): Promise<number> {
  await expect.poll(() => litresOnScreen(page)).toBeGreaterThan(0);
  const earlier = await litresOnScreen(page);
  await expect.poll(() => litresOnScreen(page)).toBeGreaterThan(earlier);
  return earlier;
}

test.describe('refuelling', () => {
  test('refuel at pump 3 with Blýfrítt 95: the litres rise, the money settles, the receipt', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(120_000);
    const station = await stationNamed(request, LIST_STATION);

    // The station, from the list of fuel stations.
    await page.goto('/fuel/stations');
    await page
      .getByTestId('station-row')
      .filter({ has: page.getByTestId('station-name').getByText(station.name, { exact: true }) })
      .click();
    const sheet = page.getByRole('dialog', { name: station.name });
    // The sheet's entry animation has to settle before colours can be measured.
    await expect(page.getByTestId('station-sheet')).toHaveCSS('opacity', '1');
    await keepScreen(page, 'fuel-station-sheet');
    await sheet.getByRole('link', { name: 'Tanka her' }).click();

    // Pump 3, free.
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}$`));
    await expect(page.getByRole('heading', { name: 'Vel pumpu', level: 1 })).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(
      page.getByTestId('fuel-station-heading').getByRole('heading', { name: station.name }),
    ).toBeVisible();
    const pumps = page.getByTestId('pump-grid');
    await expect(pumps.getByRole('button')).toHaveCount(station.pumps.length);
    const pump3 = pumps.getByRole('button', { name: 'Pumpa 3, Leys' });
    await expect(pump3).toHaveAttribute('data-state', 'free');
    await keepScreen(page, 'fuel-pumps', true);
    await pump3.click();

    // Blýfrítt 95 with its price per litre; the 750 kr. hold is said before the start.
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/type\\?pump=3$`));
    await expect(page.getByTestId('fuel-chosen-pump')).toHaveText('Pumpa 3');
    await expect(page.getByRole('radio', { name: /^Blýfrítt 95/ })).toContainText('11,89 kr./l');
    await chooseGradeAndStart(page, 'Blýfrítt 95', 'fuel-type');

    await expectReady(page, station, 3, 'Blýfrítt 95');
    await keepScreen(page, 'fuel-fill-ready');
    const started = await activeViaApi(request, user);
    expect(started?.state).toBe('ready');
    expect(started?.held).toBe(75_000);
    expect(await pumpState(request, station, 3)).toBe('authorised');

    // The customer lifts the nozzle and fills 25 litres.
    await atPump(request, station.id, 3, 'lift', 25);
    await expect(fill(page)).toHaveAttribute('data-state', 'fuelling');
    await expect(currentStep(page)).toContainText('Tanking í gongd');
    await expectLitresRising(page);
    await expect(page.getByTestId('fuel-amount')).not.toHaveText('0,00 kr.');
    await keepLiveScreen(page, 'fuel-fill-fuelling');

    // The pump stops at 25 litres; 25 × 11,89 kr. is captured and the rest released.
    await expect(fill(page)).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
    await expect(currentStep(page)).toContainText('Liðugt');
    const done = page.getByTestId('fuel-complete');
    await expect(done.getByRole('heading', { name: 'Takk fyri!' })).toBeVisible();
    await expect(page.getByTestId('fuel-litres')).toHaveText('25,00');
    await expect(page.getByTestId('fuel-summary')).toContainText('Prís pr. litur11,89 kr.');
    await expect(page.getByTestId('fuel-held')).toHaveText('750,00 kr.');
    await expect(page.getByTestId('fuel-captured')).toHaveText('297,25 kr.');
    await expect(page.getByTestId('fuel-released')).toHaveText('452,75 kr.');
    const receiptLink = page.getByTestId('fuel-receipt-link');
    await expect(receiptLink).toBeVisible();
    const settled = await transactionViaApi(request, user, started!.id);
    expect(settled).toMatchObject({
      state: 'completed',
      litres: 25,
      held: 75_000,
      captured: 29_725,
      released: 45_275,
    });
    expect(oreOf(await page.getByTestId('fuel-captured').textContent())).toBe(settled.captured);
    await keepScreen(page, 'fuel-fill-complete', true);

    // The receipt: Blýfrítt 95, the litres and the price per litre.
    await receiptLink.click();
    await expect(page).toHaveURL(new RegExp(`/profile/receipts/${settled.receiptId!}$`));
    const lines = page.getByTestId('receipt-paper').getByRole('table', { name: 'Vørur' });
    await expect(lines.getByRole('rowheader', { name: 'Blýfrítt 95' })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Litrar 25,000 L' })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Prís pr. litur 11,89 kr.' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Tilsamans og MVG' })
        .getByRole('row', { name: 'Tilsamans 297,25 kr.' }),
    ).toBeVisible();
    await keepScreen(page, 'fuel-receipt', true);
    expect(await activeViaApi(request, user)).toBeNull();
  });

  test('a reload during a fill, and a fresh start, land on the fill with live litres', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(120_000);
    const station = await stationNamed(request, LINK_STATION);

    // The QR code on pump 3: home, then the fuel screen with the pump chosen.
    await page.goto(`/fuel/${String(station.id)}/3`);
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/type\\?pump=3$`));
    await expect(page.getByTestId('fuel-chosen-pump')).toHaveText('Pumpa 3');
    await chooseGradeAndStart(page, 'Diesel');
    await expectReady(page, station, 3, 'Diesel');
    const started = await activeViaApi(request, user);

    // No volume given: the customer fills until the hold's limit or a hang-up.
    await atPump(request, station.id, 3, 'lift');
    await expect(fill(page)).toHaveAttribute('data-state', 'fuelling');
    const beforeReload = await expectLitresRising(page);

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/fill$`));
    await expect(fill(page)).toHaveAttribute('data-state', 'fuelling');
    await expect(currentStep(page)).toContainText('Tanking í gongd');
    await expect.poll(() => litresOnScreen(page)).toBeGreaterThan(beforeReload);
    await expectLitresRising(page);
    await keepLiveScreen(page, 'fuel-fill-after-reload');
    await expect(page.getByTestId('fuel-held-line')).toHaveText('Fyrivarðað: 750,00 kr.');

    // The app started afresh at home opens on the running fill (spec §4, resuming).
    await page.goto('/home');
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/fill$`));
    await expect(fill(page)).toHaveAttribute('data-state', 'fuelling');
    await expectLitresRising(page);

    await atPump(request, station.id, 3, 'hangup');
    await expect(fill(page)).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
    const shown = await litresOnScreen(page);
    expect(shown).toBeGreaterThan(beforeReload);
    const captured = oreOf(await page.getByTestId('fuel-captured').textContent());
    const released = oreOf(await page.getByTestId('fuel-released').textContent());
    expect(captured + released).toBe(75_000);
    // What was captured is what the pump sold: its litres at Diesel's price per litre.
    const sold = await transactionViaApi(request, user, started!.id);
    expect(sold.state).toBe('completed');
    expect(sold.litres!.toFixed(2).replace('.', ',')).toBe(
      await page.getByTestId('fuel-litres').textContent(),
    );
    expect(captured).toBe(sold.captured);
    expect(sold.captured).toBe(Math.round((Math.round(sold.litres! * 1000) * 1049) / 1000));
  });

  test('a pump that fails mid-fill ends as its fault, and a deep link to it cannot start', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(120_000);
    const station = await stationNamed(request, FAULT_STATION);
    await page.goto(`/fuel/${String(station.id)}/2`);
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/type\\?pump=2$`));
    await chooseGradeAndStart(page, 'Diesel');
    await expectReady(page, station, 2, 'Diesel');
    const started = await activeViaApi(request, user);
    await atPump(request, station.id, 2, 'lift');
    await expectLitresRising(page);
    try {
      await atPump(request, station.id, 2, 'fault');
      // Not "Takk fyri!": the pump failed, what came is paid, the rest released, and the way on.
      const fault = page.getByTestId('fuel-fault');
      await expect(fault).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('fuel-complete')).toHaveCount(0);
      await expect(fault.getByRole('heading', { name: 'Feilur á pumpuni' })).toBeVisible();
      await expect(page.getByTestId('fuel-fault-reason')).toHaveText(
        'Pumpan steðgaði við einum feili, meðan tú tankaði.',
      );
      const sold = await transactionViaApi(request, user, started!.id);
      expect(sold).toMatchObject({ state: 'completed', errorKey: 'error.pumpFault' });
      expect(sold.captured + sold.released).toBe(75_000);
      await expect(fault).toContainText(
        `og hini ${(sold.released / 100).toFixed(2).replace('.', ',')} kr. eru loyst aftur á kortinum.`,
      );
      await keepScreen(page, 'fuel-fill-fault', true);

      // The QR code of the failed pump: the pump is named unavailable and nothing can start.
      await page.goto(`/fuel/${String(station.id)}/2`);
      const closed = page.getByTestId('fuel-pump-closed');
      await expect(closed).toHaveText('Pumpa 2 er ikki tøk í løtuni. Vel eina aðra pumpu.');
      await expect(page.getByRole('button', { name: 'Byrja at tanka' })).toBeDisabled();
      await keepScreen(page, 'fuel-deep-link-faulted');
    } finally {
      await atPump(request, station.id, 2, 'online');
    }
  });

  test('a card without 750 kr. gets the §8 text, and no refuelling starts', async ({
    signedIn: page,
    user,
    request,
  }) => {
    const station = await stationNamed(request, NO_FUNDS_STATION);
    await addGatewayCard(page, request, user, NO_FUNDS_CARD);

    await page.goto(`/fuel/stations/${String(station.id)}`);
    await page.getByTestId('pump-grid').getByRole('button', { name: 'Pumpa 2, Leys' }).click();
    await expect(page.getByTestId('fuel-cards').getByRole('radio')).toContainText('9995');
    await chooseGradeAndStart(page, 'Blýfrítt 95');

    const refused = page.getByTestId('fuel-start-error');
    await expect(refused).toHaveText(NO_FUNDS_TEXT);
    await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}/type\\?pump=2$`));
    await expect(page.getByRole('button', { name: 'Byrja at tanka' })).toBeEnabled();
    await keepScreen(page, 'fuel-no-funds', true);

    // Nothing is left open: no transaction, and the pump was never released.
    expect(await activeViaApi(request, user)).toBeNull();
    expect(await pumpState(request, station, 2)).toBe('idle');
  });
});
