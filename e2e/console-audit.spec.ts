import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// A charger no customer journey of the suite uses.
const CHARGER = 'STOD-RV-AC1';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('the audit log shows an operator’s command to a charger, and narrows by action', async ({
  page,
}) => {
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page.goto(`/console/chargers/${CHARGER}`);
  const connector = page.getByTestId('connector-1');
  await connector.getByRole('button', { name: 'Bið um støðu' }).click();
  await expect(page.getByTestId('charger-connectors').getByTestId('charger-answer')).toContainText(
    'Accepted',
  );

  await page
    .getByRole('navigation', { name: 'Stýriborð' })
    .getByRole('link', { name: 'Gerðabók' })
    .click();
  await expect(page).toHaveURL(/\/console\/audit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerðabók');
  const newest = page.getByTestId('audit-entry').first();
  await expect(newest).toContainText('POST /admin/chargers/:identity/ocpp/:action');
  await expect(newest).toContainText(`identity=${CHARGER} · action=TriggerMessage`);
  await expect(newest).toContainText('Rekstur');
  await expect(newest.locator('[data-outcome]')).toHaveText('Gjørt · 200');
  await newest.getByText('Sent', { exact: true }).click();
  await expect(newest.locator('pre').first()).toContainText(
    '"requestedMessage": "StatusNotification"',
  );
  // What came of it: the charger's answer, kept as the action's result.
  await newest.getByText('Svar', { exact: true }).click();
  await expect(newest.locator('pre').last()).toContainText('"status": "Accepted"');
  await expectAccessible(page);
  await page.screenshot(shot('console-audit-desktop', true));

  // Narrowed to one action: every entry shown is of it.
  await page
    .getByLabel('Gerð', { exact: true })
    .selectOption('POST /api/admin/chargers/:identity/ocpp/:action');
  // The list before the filter may still be shown for a moment: wait for the narrowed one.
  await expect
    .poll(async () => {
      const entries = await page.getByTestId('audit-entry').allInnerTexts();
      return (
        entries.length > 0 &&
        entries.every((text) => text.includes('/admin/chargers/:identity/ocpp/:action'))
      );
    })
    .toBe(true);
  // A day in the future holds nothing; days are written as the Faroe Islands write them.
  await page.getByLabel('Frá').fill('2099-01-01');
  await expect(page.getByText('Virðið er ikki gildigt.')).toBeVisible();
  await page.getByLabel('Frá').fill('01.01.2099');
  await expect(page.getByRole('heading', { name: 'Einki er skrásett her' })).toBeVisible();
  await page.getByLabel('Frá').fill('');

  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot('console-audit-tablet', true));
});
