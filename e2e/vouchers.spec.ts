import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn, registerViaApi, type TestUser } from './fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

// Each code redeems once on the shared server: these belong to this file alone.
const GIFT_CARD = 'GAVA-2026-STOD';
const EXPIRED = 'GAMAL-2020';

const USED_TEXT = 'Tað eydnaðist ikki at innloysa gávukortið: kotan er longu brúkt.';
const EXPIRED_TEXT = 'Tað eydnaðist ikki at innloysa gávukortið: kotan er útgingin.';

async function vouchersViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<{ balance: number; items: { name: string; kind: string }[] }> {
  const response = await request.get('/api/vouchers', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { balance: number; items: { name: string; kind: string }[] };
}

test.describe('gift cards and vouchers', () => {
  test('redeem a gift card; a used, an expired and an empty code change nothing', async ({
    signedIn: page,
    user,
    request,
  }) => {
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Gávukort og kupongir' }).click();
    await expect(page).toHaveURL(/\/profile\/vouchers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gávukort og kupongir');

    const balance = page.getByTestId('voucher-balance');
    const rows = page.getByTestId('voucher');
    const form = page.getByTestId('voucher-redeem-form');
    const code = form.getByLabel('Kota', { exact: true });
    const submit = form.getByRole('button', { name: 'Innloys' });

    await expect(balance).toHaveText('0,00 kr.');
    await expect(page.getByTestId('vouchers-empty')).toBeVisible();

    // An empty or malformed code is refused before it leaves the phone.
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Vinaliga tøppa kotu inn.');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await code.fill('a!');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Vinaliga tøppa kotu inn.');
    await expect(page.getByTestId('vouchers-empty')).toBeVisible();

    // Case, spaces and dashes do not matter.
    await code.fill('gava 2026 stod');
    await submit.click();
    await expect(page.getByTestId('toast-success')).toContainText(
      'Tú hevur innloyst „Gávukort 500 kr.“.',
    );
    await expect(code).toHaveValue('');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(balance).toHaveText('500,00 kr.');
    await expect(rows).toHaveCount(1);
    const giftCard = rows.first();
    await expect(giftCard.getByRole('heading', { name: 'Gávukort 500 kr.' })).toBeVisible();
    await expect(giftCard).toContainText('Gávukort');
    await expect(giftCard).toContainText('500,00 kr. eftir av 500,00 kr.');
    await expect(giftCard).toContainText(/Gildir til \d{2}\.\d{2}\.\d{4}/);
    await expect(giftCard.getByTestId('voucher-state')).toHaveText('Kann brúkast');
    expect(await vouchersViaApi(request, user)).toMatchObject({
      balance: 50_000,
      items: [{ name: 'Gávukort 500 kr.', kind: 'gift_card' }],
    });
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('vouchers', true));

    await expectAccessible(page);

    // The same code again: the reason sits under the field, and nothing changes.
    await code.fill(GIFT_CARD);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(USED_TEXT);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveValue(GIFT_CARD);
    await expect(balance).toHaveText('500,00 kr.');
    await expect(rows).toHaveCount(1);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('vouchers-used', true));

    // An expired code.
    await code.fill(EXPIRED);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(EXPIRED_TEXT);
    await expect(balance).toHaveText('500,00 kr.');
    await expect(rows).toHaveCount(1);
    await page.screenshot(shot('vouchers-expired', true));

    // After a reload the server answers the same: one voucher, the same balance.
    await page.reload();
    await expect(balance).toHaveText('500,00 kr.');
    await expect(rows).toHaveCount(1);
    expect((await vouchersViaApi(request, user)).items).toHaveLength(1);

    // Another user sees none of it.
    const other = await registerViaApi(request, 'vouchers-other');
    expect(await vouchersViaApi(request, other)).toEqual({ balance: 0, items: [] });
    await page.evaluate(() => localStorage.clear());
    await openSignedIn(page, other, '/profile/vouchers');
    await expect(page.getByTestId('vouchers-empty')).toBeVisible();
    await expect(balance).toHaveText('0,00 kr.');
    await expect(rows).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('vouchers-empty'));
  });

  test('a lost connection shows the error with a retry, and a failed redemption says so', async ({
    signedIn: page,
    user,
    request,
  }) => {
    await page.route(/\/api\/vouchers$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/profile/vouchers');
    const loadError = page.getByTestId('vouchers-load-error');
    await expect(loadError).toContainText('Tað eydnaðist ikki at heinta gávukort og kupongir.');
    await expect(page.getByTestId('voucher-balance')).toHaveCount(0);
    await page.unroute(/\/api\/vouchers$/);
    await loadError.getByRole('button', { name: 'Royn aftur' }).click();
    await expect(page.getByTestId('voucher-balance')).toHaveText('0,00 kr.');
    await expect(page.getByTestId('vouchers-empty')).toBeVisible();

    // The request never reaches the server, so the code stays unspent.
    await page.route(/\/api\/vouchers\/redeem$/, (route) => route.abort('internetdisconnected'));
    const form = page.getByTestId('voucher-redeem-form');
    const code = form.getByLabel('Kota', { exact: true });
    await code.fill('4821 3577');
    await form.getByRole('button', { name: 'Innloys' }).click();
    await expect(page.getByTestId('toast-error')).toHaveText(
      'Tað eydnaðist ikki at innloysa gávukortið. ' +
        'Tað tykist sum telefonin er ikki sambundin við internetið.',
    );
    await expect(code).toHaveValue('4821 3577');
    await expect(page.getByTestId('vouchers-empty')).toBeVisible();
    expect(await vouchersViaApi(request, user)).toEqual({ balance: 0, items: [] });
  });
});
