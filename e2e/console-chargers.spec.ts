import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn as signInAt } from './console-fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

// Chargers no customer journey of the suite uses: one of each protocol.
const V16 = 'STOD-RV-AC1';
const V201 = 'HEIMA-SP-1';
const TABLET = { width: 820, height: 1180 };

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

/** Signed in once the console shows who is: the pages that follow need the session. */
async function signIn(page: Page, who: { email: string; password: string }) {
  await signInAt(page, who);
  await expect(page.getByTestId('console-role')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('charger-row');
const answer = (page: Page, section: string) =>
  page.getByTestId(section).getByTestId('charger-answer');

test.describe('charger operations in the console', () => {
  test('the list finds chargers by identity, connection and protocol', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page
      .getByRole('navigation', { name: 'Stýriborð' })
      .getByRole('link', { name: 'Ladarar' })
      .click();
    await expect(page).toHaveURL(/\/console\/chargers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ladarar');
    await expect(rows(page).first()).toBeVisible();
    const all = await rows(page).count();
    expect(all).toBeGreaterThanOrEqual(7);
    const v16 = page.locator(`[data-testid="charger-row"][data-identity="${V16}"]`);
    await expect(v16).toContainText('OCPP 1.6');
    await expect(v16).toContainText('Støð Runavík');
    await expect(v16).toContainText('Í sambandi');
    await expect(v16).toContainText('Fastbúnaður stod-sim 1.0');
    await expectAccessible(page);
    await page.screenshot(shot('console-chargers-desktop', true));

    // By words of the identity or the site's name.
    await page.getByLabel('Leita').fill('runav');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-identity', V16);
    await page.getByLabel('Leita').fill('no such charger');
    await expect(page.getByRole('heading', { name: 'Ongin ladari samsvarar' })).toBeVisible();
    await page.getByLabel('Leita').fill('');

    // By protocol: 2.0.1 only.
    await page.getByLabel('Protokoll').selectOption('ocpp2.0.1');
    await expect(rows(page).filter({ hasText: 'OCPP 1.6' })).toHaveCount(0);
    await expect(page.locator(`[data-identity="${V201}"]`)).toBeVisible();
    await page.getByLabel('Protokoll').selectOption('');

    // By a connector's state: every row shown has a connector in it.
    await page.getByLabel('Støða').selectOption('Available');
    await expect(page.locator(`[data-identity="${V16}"]`)).toBeVisible();
    // The list before the filter may still be shown for a moment: wait for the narrowed one.
    await expect
      .poll(async () => {
        const shown = await rows(page).allInnerTexts();
        return shown.length > 0 && shown.every((text) => text.includes('Leysur'));
      })
      .toBe(true);
    await page.getByLabel('Støða').selectOption('');

    // Offline ones only: every demo charger is connected (a charger another test registered and
    // never connected may be listed, each marked offline or out of service).
    await page.getByLabel('Samband').selectOption('false');
    await expect(page.locator(`[data-identity="${V16}"]`)).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'STOD-' })).toHaveCount(0);
    await expect(rows(page).locator('[data-state="online"]')).toHaveCount(0);
    await page.getByLabel('Samband').selectOption('');
    await expect(rows(page)).toHaveCount(all);

    await page.setViewportSize(TABLET);
    await expectAccessible(page);
    await page.screenshot(shot('console-chargers-tablet', true));
  });

  test('an OCPP 1.6 charger: its connectors live, commands and their answers', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page.goto(`/console/chargers/${V16}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(V16);
    const facts = page.getByTestId('charger-facts');
    await expect(facts).toContainText('Støð Runavík');
    await expect(facts).toContainText('OCPP 1.6');
    await expect(facts).toContainText('Støð Sim AC22');
    const connector = page.getByTestId('connector-1');
    await expect(connector.locator('[data-state]')).toHaveAttribute('data-state', 'Available');

    // Asking for the status: the charger says Accepted, and the log keeps the call.
    await connector.getByRole('button', { name: 'Bið um støðu' }).click();
    await expect(answer(page, 'charger-connectors')).toHaveText(
      /TriggerMessage: ladarin svaraði Accepted/,
    );
    const log = page.getByTestId('charger-calls-table');
    await expect(log.getByRole('row').nth(1)).toContainText('TriggerMessage');
    await expect(log.getByRole('row').nth(1)).toContainText('Accepted');

    // Out of service and back: the chip follows the charger's own StatusNotification.
    await connector.getByRole('button', { name: 'Ger ótøkan' }).click();
    await expect(answer(page, 'charger-connectors')).toHaveText(
      /ChangeAvailability: ladarin svaraði Accepted/,
    );
    await expect(connector.locator('[data-state]')).toHaveText('Ikki tøkur');
    await connector.getByRole('button', { name: 'Ger tøkan' }).click();
    await expect(connector.locator('[data-state]')).toHaveText('Leysur');

    // Unlocking asks first.
    await connector.getByRole('button', { name: 'Loys tengilin' }).click();
    const unlock = page.getByTestId('unlock-dialog');
    await expect(unlock.getByRole('heading')).toHaveText('Loysa tengil 1?');
    await expectAccessible(page);
    await unlock.getByRole('button', { name: 'Loys tengilin' }).click();
    await expect(answer(page, 'charger-connectors')).toHaveText(
      /UnlockConnector: ladarin svaraði Unlocked/,
    );

    // The whole configuration, and a key the charger does not know: NotSupported, in red.
    const configuration = page.getByTestId('charger-configuration');
    await configuration.getByRole('button', { name: 'Les alla uppsetingina' }).click();
    const keys = page.getByTestId('configuration-keys');
    await expect(keys.getByRole('row', { name: /NumberOfConnectors/ })).toContainText(
      'Bert lesast',
    );
    await keys.getByRole('button', { name: 'Broyt HeartbeatInterval' }).click();
    await expect(configuration.getByLabel('Lykil')).toHaveValue('HeartbeatInterval');
    await configuration.getByLabel('Lykil').fill('NoSuchKey');
    await configuration.getByLabel('Virði').fill('1');
    await configuration.getByRole('button', { name: 'Broyt', exact: true }).click();
    await expect(answer(page, 'charger-configuration')).toHaveText(
      /ChangeConfiguration: ladarin svaraði NotSupported/,
    );
    await expect(answer(page, 'charger-configuration')).toHaveAttribute('role', 'alert');

    // The local list: sent, and its version recorded.
    const list = page.getByTestId('charger-local-list');
    await list.getByRole('button', { name: 'Send lokala listan' }).click();
    await expect(answer(page, 'charger-local-list')).toHaveText(
      /SendLocalList: ladarin svaraði Accepted/,
    );
    await expect(page.getByTestId('local-list-version')).not.toHaveText('Ongin sendur');
    // The list holds what the backend would send now: as many tags as it says.
    const next = await page.getByTestId('local-list-next').textContent();
    const count = Number(/(\d+)$/.exec(next ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('local-list-size')).toHaveText(String(count));

    // Any call: the charger's answer as it came; a payload that is not JSON changes nothing.
    const any = page.getByTestId('charger-any-call');
    await any.getByLabel('Boð').fill('GetLocalListVersion');
    await any.getByLabel('Innihald (JSON)').fill('{');
    await any.getByRole('button', { name: 'Send' }).click();
    await expect(any.getByRole('alert')).toHaveText(
      'Innihaldið skal vera eitt JSON-objekt, t.d. {}.',
    );
    await any.getByLabel('Innihald (JSON)').fill('{}');
    await any.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('any-call-response')).toContainText('"listVersion"');
    // An action of the other protocol is refused by the API before it is sent.
    await any.getByLabel('Boð').fill('GetVariables');
    await any.getByRole('button', { name: 'Send' }).click();
    await expect(answer(page, 'charger-any-call')).toContainText('GetVariables:');
    await expect(answer(page, 'charger-any-call')).toHaveAttribute('role', 'alert');

    // A restart asks first; cancelling sends nothing.
    const before = await log.getByRole('row').count();
    await page.getByRole('button', { name: 'Endurbyrja beinanvegin' }).click();
    const reset = page.getByTestId('reset-dialog');
    await expect(reset.getByRole('heading')).toHaveText('Endurbyrja ladaran beinanvegin?');
    await reset.getByRole('button', { name: 'Angra' }).click();
    await expect(reset).toBeHidden();
    await expect(log.getByRole('row')).toHaveCount(before);

    await closeToasts(page);
    await expectAccessible(page);
    await page.screenshot(shot('console-charger-desktop', true));
    await page.setViewportSize(TABLET);
    await expectAccessible(page);
    await page.screenshot(shot('console-charger-tablet', true));
  });

  test('an OCPP 2.0.1 charger: variables by component, and a soft restart', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page.goto(`/console/chargers/${V201}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(V201);
    await expect(page.getByTestId('charger-facts')).toContainText('OCPP 2.0.1');

    const configuration = page.getByTestId('charger-configuration');
    await configuration.getByLabel('Partur (component)').fill('OCPPCommCtrlr');
    await configuration.getByLabel('Variabul').fill('HeartbeatInterval');
    await configuration.getByRole('button', { name: 'Les', exact: true }).click();
    await expect(answer(page, 'charger-configuration')).toContainText(
      'GetVariables: ladarin svaraði Accepted',
    );
    await expect(page.getByTestId('variable-results')).toHaveText(
      /^OCPPCommCtrlr\.HeartbeatInterval: Accepted = \d+$/,
    );
    await configuration.getByLabel('Virði').fill('300');
    await configuration.getByRole('button', { name: 'Broyt', exact: true }).click();
    await expect(answer(page, 'charger-configuration')).toContainText(
      'SetVariables: ladarin svaraði Accepted',
    );
    // A variable the charger does not know is a refusal, in red.
    await configuration.getByLabel('Variabul').fill('NoSuchVariable');
    await configuration.getByRole('button', { name: 'Broyt', exact: true }).click();
    await expect(answer(page, 'charger-configuration')).toContainText('UnknownVariable');
    await expect(answer(page, 'charger-configuration')).toHaveAttribute('role', 'alert');

    // Restart when idle: the charger goes, and is back with its connectors.
    await page.getByRole('button', { name: 'Endurbyrja varliga' }).click();
    await page.getByTestId('reset-dialog').getByRole('button', { name: 'Endurbyrja' }).click();
    await expect(answer(page, 'charger-commands')).toHaveText(/Reset: ladarin svaraði Accepted/);
    await expect(page.getByTestId('connector-1').locator('[data-state]')).toHaveAttribute(
      'data-state',
      'Available',
    );
    await expectAccessible(page);
    await page.screenshot(shot('console-charger-201-desktop', true));
  });

  test('a charger that is not there answers with a way back; staff of a station see none', async ({
    page,
    stationStaff,
  }) => {
    await signIn(page, OPERATOR);
    await page.goto('/console/chargers/NO-SUCH-CHARGER');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ladarin finst ikki');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Allir ladarar' }).first().click();
    await expect(page).toHaveURL(/\/console\/chargers$/);

    await page.getByRole('button', { name: 'Rita út' }).click();
    await signInAt(page, stationStaff);
    // Kitchen staff land on their display; from there the console's other pages.
    await expect(page).toHaveURL(/\/console\/kitchen\/\d+$/);
    await page.goto('/console/stations');
    const nav = page.getByRole('navigation', { name: 'Stýriborð' });
    await expect(nav.getByRole('link', { name: 'Støðir' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Ladarar' })).toHaveCount(0);
    await page.goto('/console/chargers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Síðan finst ikki');
  });
});
