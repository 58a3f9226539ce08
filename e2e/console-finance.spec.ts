import { readFileSync } from 'node:fs';
import { formatCurrency, monthOf, type VatReport } from '@stod/domain';
import { expectAccessible } from './a11y-fixtures.ts';
import { signIn } from './console-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// The demo seed's bookkeeper (docs/demo.md).
const FINANCE = { email: 'finance@example.com', password: 'finance-password-1' };

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('finance reads the month’s sales and VAT, downloads the VAT report as CSV, and sees what gift cards owe', async ({
  page,
  request,
}) => {
  const month = monthOf(new Date());
  const signedIn = await request.post('/api/auth/signIn', { data: FINANCE });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const vat = (await (
    await request.get(`/api/admin/reports/vat?month=${month}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as VatReport;

  // Finance starts on its own screen, and sees none of the operator's others.
  await signIn(page, FINANCE);
  await expect(page).toHaveURL(/\/console\/finance$/);
  const nav = page.getByRole('navigation', { name: /./ }).first();
  await expect(nav.getByRole('link', { name: 'Fíggjarmál' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Gávukort og kupongir' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Søla' })).toHaveAttribute('aria-selected', 'true');
  if (vat.total.sales + vat.total.refundCount > 0)
    await expect(page.getByTestId('sales-table').getByTestId('total-net')).toHaveText(
      formatCurrency(vat.total.net),
    );
  await expectAccessible(page);
  await page.screenshot(shot('console-finance-sales', true));

  await page.getByLabel('Býtt eftir').selectOption('service');
  await expect(page.getByTestId('sales-table').or(page.getByText('Eingin søla'))).toBeVisible();

  // The month's VAT as on screen, and the same in the file for the books.
  await page.getByRole('tab', { name: 'MVG' }).click();
  await expect(page.getByTestId('vat-due')).toHaveText(formatCurrency(vat.total.netVat));
  await expectAccessible(page);
  await page.screenshot(shot('console-finance-vat', true));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tak niður CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`vat-${month}.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'day,sales,gross_kr,vat_kr,voucher_kr,card_kr,refund_count,refunds_kr,refund_vat_kr,net_kr,net_vat_kr',
  );
  expect(lines).toHaveLength(vat.days.length + 2);
  expect(lines.at(-1)?.split(',').at(-1)).toBe((vat.total.netVat / 100).toFixed(2));

  // Today's captures and refunds against the card gateway's settlement: the same on both sides.
  await page.getByRole('tab', { name: 'Uppgerð' }).click();
  const settlement = (await (
    await request.get(`/api/admin/reports/settlement?day=${faroeDay()}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { matched: number; differences: unknown[]; ours: { captures: { amount: number } } };
  expect(settlement.differences).toEqual([]);
  await expect(page.getByTestId('settlement-clean')).toContainText(
    settlement.matched > 0 ? 'Alt samsvarar' : 'Eingin peningur er fluttur',
  );
  await expect(page.getByTestId('settlement-ours-captures')).toHaveText(
    formatCurrency(settlement.ours.captures.amount),
  );
  await expect(page.getByTestId('settlement-gateway-captures')).toHaveText(
    formatCurrency(settlement.ours.captures.amount),
  );
  await page.getByLabel('Dagur').fill('31.02.2026');
  await expect(page.getByText('Virðið er ikki gildigt.')).toBeVisible();
  await page.getByLabel('Dagur').fill('01.01.2020');
  await expect(page.getByTestId('settlement-ours-captures')).toHaveText(formatCurrency(0));
  await expect(page.getByTestId('settlement-clean')).toContainText('Eingin peningur er fluttur');
  await expectAccessible(page);
  await page.screenshot(shot('console-finance-settlement', true));

  // What gift cards and vouchers owe now, and the owners' payouts of the month.
  await page.getByRole('tab', { name: 'Gávukortsskuld' }).click();
  await expect(page.getByTestId('liability-total')).toBeVisible();
  await page.getByRole('tab', { name: 'Útgjøld til eigarar' }).click();
  await expect(
    page.getByTestId('payout').first().or(page.getByText('Eingi útgjøld hendan mánaðin.')),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'MVG' }).click();
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(page);
  await page.screenshot(shot('console-finance-tablet', true));
});

/** Today in Faroe time, as the settlement names a day. */
function faroeDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Faroe' }).format(new Date());
}
