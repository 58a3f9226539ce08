import type { Page } from '@playwright/test';
import {
  activeChargeViaApi,
  atCharger,
  chargeOnScreen,
  chargeViaApi,
  chargerOf,
  connectorTile,
  currentChargeStep,
  expectKwhRising,
  installationNamed,
  kwhOnScreen,
  type InstallationJson,
} from './charging-helpers.ts';
import { keepLiveScreen, keepScreen, oreOf } from './stations-helpers.ts';
import { expect, test } from './test.ts';

// Each journey has a connector of its own: the suite shares one server and its simulated chargers.
const PUBLIC_INSTALLATION = 'Støð Tórshavn';
const RELOAD_INSTALLATION = 'Støð Klaksvík';
const AC = 'STOD-TH-AC1';
const DC = 'STOD-TH-DC1';
const KL = 'STOD-KL-AC1';

const UNAVAILABLE_TEXT = 'Ladarin er ikki tøkur, er tikin frá ella hevur ein feil.';

/** The installation's screen, then the connector once the simulated charger reports it free. */
async function chooseConnector(
  page: Page,
  installation: InstallationJson,
  identity: string,
  connectorId: number,
  screenshot?: string,
) {
  await expect(page).toHaveURL(new RegExp(`/charging/installations/${installation.id}$`));
  const tile = connectorTile(page, identity, connectorId);
  // The simulated chargers boot with the server; the screen reads the status every few seconds.
  await expect(tile).toHaveAttribute('data-status', 'Available', { timeout: 30_000 });
  if (screenshot) await keepScreen(page, screenshot, true);
  await tile.click();
  await expect(page).toHaveURL(
    new RegExp(
      `/charging/installations/${installation.id}/charge\\?charger=${chargerOf(installation, identity).id}&connector=${String(connectorId)}$`,
    ),
  );
}

/** The card (the only one, chosen), the 300 kr. hold, and the charge opened "ready to charge". */
async function openCharge(page: Page, screenshot?: string) {
  await expect(page.getByTestId('charge-cards').getByRole('radio')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('charge-hold')).toContainText('300,00 kr. verða fyrivarðar');
  if (screenshot) await keepScreen(page, screenshot, true);
  await page.getByRole('button', { name: 'Halt fram' }).click();
  await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'ready');
  await expect(currentChargeStep(page)).toContainText('Klárt at lada');
  await expect(page.getByTestId('charge-held-line')).toHaveText('Fyrivarðað: 300,00 kr.');
}

/** Start, the "plug charger into car" step, then the car plugged in at the charger. */
async function startAndPlug(
  page: Page,
  request: Parameters<typeof atCharger>[0],
  identity: string,
  connectorId: number,
  screenshot?: string,
) {
  await page.getByRole('button', { name: 'Byrja at lada' }).click();
  await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'waiting');
  await expect(currentChargeStep(page)).toContainText('Set ladaran í bilin');
  await expect(page.getByRole('heading', { name: 'Set ladaran í bilin' })).toBeVisible();
  if (screenshot) await keepScreen(page, screenshot);
  await atCharger(request, identity, connectorId, 'plug');
  await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'charging', { timeout: 30_000 });
  await expect(currentChargeStep(page)).toContainText('Lading í gongd');
}

test.describe('charging', () => {
  test('charge at a public installation: kWh rise, the stop, the receipt', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(150_000);
    const installation = await installationNamed(request, user, PUBLIC_INSTALLATION);

    // The list: each installation with whose it is, its free connectors and its price.
    await page.goto('/charging/installations');
    const row = page
      .getByTestId('installation-row')
      .filter({ has: page.getByTestId('installation-name').getByText(PUBLIC_INSTALLATION) });
    await expect(row.getByTestId('installation-access')).toHaveText('Almenn');
    await expect(row.getByTestId('installation-free')).toHaveText(/^\d+ av 4 leysir$/);
    await expect(row.getByTestId('installation-price')).toHaveText('3,50 kr./kWh');
    await keepScreen(page, 'charging-installations', true);
    await page.getByRole('button', { name: 'Kort' }).click();
    await expect(page.getByTestId('installation-marker').first()).toBeVisible();
    await keepScreen(page, 'charging-installations-map');
    await page.getByRole('button', { name: 'Listi' }).click();
    await row.click();

    // The chargers with their kind, power, price and connectors' live status.
    await expect(page.getByRole('heading', { name: PUBLIC_INSTALLATION })).toBeVisible();
    const ac = page.locator(`[data-testid="charger"][data-identity="${AC}"]`);
    await expect(ac.getByTestId('charger-kind')).toHaveText('AC');
    await expect(ac).toContainText('Upp til 22 kW');
    await expect(ac.getByTestId('charger-price')).toHaveText('3,50 kr./kWh');
    await chooseConnector(page, installation, AC, 1, 'charging-installation');

    await openCharge(page, 'charging-charge-start');
    await keepScreen(page, 'charging-ready');
    const opened = await activeChargeViaApi(request, user);
    expect(opened).toMatchObject({ state: 'ready', held: 30_000, connectorId: 1 });

    await startAndPlug(page, request, AC, 1, 'charging-plug');
    await expectKwhRising(page);
    await expect(page.getByTestId('charge-amount')).not.toHaveText('0,00 kr.');
    await expect(page.getByTestId('charge-power')).not.toHaveText('0,0');
    await keepLiveScreen(page, 'charging-in-progress');

    // Home shows the charge in progress, one tap back to it.
    await page.goto('/home');
    const banner = page.getByTestId('active-charge-banner');
    await expect(banner).toContainText('Lading í gongd');
    await expect(banner).toContainText(`Tengil 1 · ${PUBLIC_INSTALLATION}`);
    await keepScreen(page, 'charging-home-banner');
    await banner.click();
    await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'charging');

    // Stop: the final reading is priced, the rest of the hold released, and the receipt shown.
    await page.getByRole('button', { name: 'Steðga ladingini' }).click();
    await page.getByTestId('charge-stop-modal').getByRole('button', { name: 'Steðga' }).click();
    await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'completed', {
      timeout: 60_000,
    });
    await expect(currentChargeStep(page)).toContainText('Lading liðug');
    await expect(page.getByRole('heading', { name: 'Takk fyri!' })).toBeVisible();
    const receipt = page.getByTestId('charge-receipt');
    await expect(receipt).toBeVisible();
    const lines = receipt.getByRole('table', { name: 'Vørur' });
    await expect(lines.getByRole('rowheader', { name: /kWh × 3,50 kr\.$/ })).toBeVisible();
    await expect(lines.getByRole('rowheader', { name: 'Tíð í alt' })).toBeVisible();

    const settled = await chargeViaApi(request, user, opened!.id);
    expect(settled.state).toBe('completed');
    expect(settled.captured).toBe(settled.amount);
    expect(settled.captured + settled.released).toBe(30_000);
    expect(settled.captured).toBeGreaterThan(0);
    expect(oreOf(await page.getByTestId('charge-captured').textContent())).toBe(settled.captured);
    await expect(
      receipt
        .getByRole('table', { name: 'Tilsamans og MVG' })
        .getByRole('row', { name: /^Tilsamans / }),
    ).toContainText(await page.getByTestId('charge-captured').innerText());
    await keepScreen(page, 'charging-complete', true);
    expect(await activeChargeViaApi(request, user)).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('charge_id'))).toBeNull();

    await page.getByTestId('charge-receipt-link').click();
    await expect(page).toHaveURL(new RegExp(`/profile/receipts/${settled.receiptId!}$`));
    await expect(page.getByTestId('receipt-paper')).toBeVisible();
    await atCharger(request, AC, 1, 'unplug');
  });

  test('a fault mid-charge sends the user to the unavailable screen', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(120_000);
    const installation = await installationNamed(request, user, PUBLIC_INSTALLATION);

    await page.goto(`/charging/installations/${installation.id}`);
    await chooseConnector(page, installation, DC, 2);
    // The fast charger's fees are said before the start.
    const price = page.getByTestId('charge-price');
    await expect(price).toContainText('Byrjanargjald5,00 kr.');
    await expect(price).toContainText(
      '1,00 kr./min, tá ið bilurin stendur 30 min. eftir, at ladingin er liðug',
    );
    await keepScreen(page, 'charging-fees');
    await openCharge(page);
    await startAndPlug(page, request, DC, 2);
    await expectKwhRising(page);
    const charge = await activeChargeViaApi(request, user);

    await atCharger(request, DC, 2, 'fault');
    await expect(page).toHaveURL(
      new RegExp(`/charging/installations/${installation.id}/unavailable$`),
    );
    await expect(page.getByTestId('charger-unavailable-text')).toHaveText(UNAVAILABLE_TEXT);
    await expect(page.getByTestId('unavailable-charge')).toBeVisible();
    await keepLiveScreen(page, 'charging-unavailable');

    // The fault ends the charge; what was charged is billed and its receipt is one tap away.
    await expect
      .poll(async () => (await chargeViaApi(request, user, charge!.id)).finishedAt, {
        timeout: 60_000,
      })
      .not.toBeNull();
    const ended = await chargeViaApi(request, user, charge!.id);
    await expect(page.getByTestId('unavailable-charge')).toHaveAttribute('data-state', ended.state);
    if (ended.state === 'completed') {
      await expect(page.getByTestId('unavailable-receipt-link')).toHaveAttribute(
        'href',
        `/profile/receipts/${ended.receiptId!}`,
      );
    }
    await keepScreen(page, 'charging-unavailable-ended');
    await page.getByTestId('charger-unavailable-back').click();
    await expect(page).toHaveURL(new RegExp(`/charging/installations/${installation.id}$`));
    await expect(connectorTile(page, DC, 2)).toHaveAttribute('data-status', 'Faulted');
    await expect(connectorTile(page, DC, 2)).toHaveAttribute('aria-disabled', 'true');
    // Unplugged, the simulated charger clears its fault.
    await atCharger(request, DC, 2, 'unplug');
  });

  test('a reload mid-charge, and a fresh start, land back on the live charge', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    test.setTimeout(150_000);
    const installation = await installationNamed(request, user, RELOAD_INSTALLATION);

    // The installation's link opens home, then the installation.
    await page.goto(`/charging/${installation.id}`);
    await chooseConnector(page, installation, KL, 1);
    await openCharge(page);
    await startAndPlug(page, request, KL, 1);
    const beforeReload = await expectKwhRising(page);
    const charge = await activeChargeViaApi(request, user);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('charge_id')))
      .toBe(charge!.id);

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/charging/installations/${installation.id}/charge`));
    await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'charging');
    await expect(currentChargeStep(page)).toContainText('Lading í gongd');
    await expect.poll(() => kwhOnScreen(page)).toBeGreaterThan(beforeReload);
    await expectKwhRising(page);
    await keepLiveScreen(page, 'charging-after-reload');

    // Started afresh at home: the banner leads back to the charge, still live.
    await page.goto('/home');
    await page.getByTestId('active-charge-banner').click();
    await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'charging');
    await expectKwhRising(page);

    await page.getByRole('button', { name: 'Steðga ladingini' }).click();
    await page.getByTestId('charge-stop-modal').getByRole('button', { name: 'Steðga' }).click();
    await expect(chargeOnScreen(page)).toHaveAttribute('data-state', 'completed', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('charge-receipt')).toBeVisible();
    await atCharger(request, KL, 1, 'unplug');
  });
});
