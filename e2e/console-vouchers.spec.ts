import { readFileSync } from 'node:fs';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { openSignedIn, operatorHeaders } from './fixtures.ts';
import { auth } from './stations-helpers.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('an operator finds a code as printed, sees who redeemed it, blocks another, and exports the order', async ({
  page,
  browser,
  request,
  user,
}) => {
  // An order of two gift cards, issued as the console does.
  const batch = `e2e-${user.email}`;
  const issued = await request.post('/api/admin/vouchers', {
    headers: { ...(await operatorHeaders(request)), 'Idempotency-Key': batch },
    data: {
      kind: 'gift_card',
      name: 'Vetrargáva',
      amount: 15_000,
      codeType: 'pin',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      count: 2,
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const [used = '', kept = ''] = ((await issued.json()) as { items: { code: string }[] }).items.map(
    (i) => i.code,
  );
  const redeemed = await request.post('/api/vouchers/redeem', {
    headers: auth(user),
    data: { code: used },
  });
  expect(redeemed.status()).toBe(201);

  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/console\/vouchers$/);
  const list = page.getByTestId('voucher-list');
  await page.getByLabel('Leita', { exact: true }).fill(used);
  await expect(page.getByTestId('voucher-item')).toHaveCount(1);
  await expect(list.getByTestId('voucher-redeemer')).toContainText(user.email);

  await page.getByLabel('Leita', { exact: true }).fill(kept);
  await expect
    .poll(async () => (await page.getByTestId('voucher-item').allInnerTexts()).join('|'))
    .toContain('Ikki innloyst');
  const item = page.getByTestId('voucher-item');
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Steng kotuna Vetrargáva' }).click();
  const dialog = page.getByTestId('voucher-block-dialog');
  await expect(dialog).toContainText('Kotan kann ikki innloysast');
  await dialog.getByRole('button', { name: 'Steng kotuna' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Kotan er stongd.');
  await expect(item).toContainText('Stongd');
  await expectAccessible(page);
  await page.screenshot(shot('console-vouchers-blocked', true));

  // The customer is told plainly, and nothing is added to their balance.
  const app = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fo-FO' })
  ).newPage();
  try {
    await openSignedIn(app, user, '/profile/vouchers');
    const form = app.getByTestId('voucher-redeem-form');
    await form.getByLabel('Kota', { exact: true }).fill(kept);
    await form.getByRole('button', { name: 'Innloys' }).click();
    await expect(
      app.getByText(
        'Tað eydnaðist ikki at innloysa gávukortið: kotan er stongd. Set teg í samband við okkum.',
      ),
    ).toBeVisible();
    await expect(app.getByTestId('voucher-balance')).toHaveText('150,00 kr.');
  } finally {
    await app.context().close();
  }

  // The order's codes, and its CSV for the books: never the codes.
  await item.getByRole('button', { name: 'Vís bíleggingina' }).click();
  await expect(page.getByTestId('voucher-batch')).toBeVisible();
  await page.getByLabel('Leita', { exact: true }).fill('');
  await expect(page.getByTestId('voucher-item')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tak út sum CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'id,kind,name,amount_kr,product,expires_at,redeemed_at,redeemed_by,blocked_at',
  );
  expect(csv).toContain(user.email);
  expect(csv).not.toContain(used);
  expect(csv).not.toContain(kept);

  await page.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(page);
  await page.screenshot(shot('console-vouchers-tablet', true));
});
