import { expectAccessible } from './a11y-fixtures.ts';
import { DEFAULT_PASSWORD, openSignedIn, signInViaUi, waitForMail } from './fixtures.ts';
import { signIn } from './console-fixtures.ts';
import { addGatewayCard, auth, fillViaApi, stationNamed } from './stations-helpers.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// The demo seed's support agent (docs/demo.md).
const SUPPORT = { email: 'support@example.com', password: 'support-password-1' };
// A station and pump no other journey of the suite fills at.
const STATION = 'Støð Vágur';
const PUMP = 2;

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('support finds a customer by card digits and refunds part of a fill', async ({
  page,
  browser,
  request,
  user,
}) => {
  // The customer fills 10 litres, paid with a card ending 4444.
  const context = await browser.newContext();
  const cardId = await addGatewayCard(
    await context.newPage(),
    request,
    user,
    '5555 5555 5555 4444',
  );
  await context.close();
  const station = await stationNamed(request, STATION);
  const product = station.products.find((p) => p.service === 'fuel')!;
  const fill = await fillViaApi(request, user, {
    stationId: station.id,
    pumpNumber: PUMP,
    productId: product.id,
    cardId,
    litres: 10,
  });
  expect(fill.captured).toBe(10 * product.price);

  // Support lands on the customer search and finds them by the card's last four digits.
  await signIn(page, SUPPORT);
  await expect(page).toHaveURL(/\/console\/customers$/);
  await expect(page.getByTestId('console-role')).toHaveText('Kundatænasta');
  const nav = page.getByRole('navigation', { name: 'Stýriborð' });
  await expect(nav.getByRole('link')).toHaveText(['Kundar', 'Hald']);
  await page.getByLabel('Leita eftir kunda').fill('4444');
  const row = page.getByTestId('customer-row').filter({ hasText: user.email });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot('console-customers-desktop', true));
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Heinti kundan');

  // The fill's payment: 750 kr. held, the litres captured, nothing refunded.
  const payment = page.getByTestId('payment-row').first();
  await expect(payment).toContainText('Tanking');
  await expect(payment).toContainText('•••• 4444');
  await expect(payment.getByTestId('payment.held')).toHaveText('750,00 kr.');
  await expect(payment.getByTestId('payment.refunded')).toHaveText('0,00 kr.');
  await expect(payment.locator('[data-state]')).toHaveText('Goldið');

  // More than was paid is refused on the spot; then 50 kr. goes back with a reason.
  await payment.getByRole('button', { name: 'Endurgjald' }).click();
  const form = payment.getByTestId('refund-form');
  await form.getByLabel('Upphædd (kr.)').fill('9999');
  await form.getByLabel('Orsøk').fill('Pumpan taldi ov nógv');
  await form.getByRole('button', { name: 'Gev pengar aftur' }).click();
  await expect(form.getByText(/^Í mesta lagi /)).toBeVisible();
  await form.getByLabel('Upphædd (kr.)').fill('50');
  await expectAccessible(page);
  await page.screenshot(shot('console-customer-refund-desktop', true));
  await form.getByRole('button', { name: 'Gev pengar aftur' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('50,00 kr. er givið aftur.');
  await expect(payment.getByTestId('payment.refunded')).toHaveText('50,00 kr.');
  const credit = page.getByTestId('customer-timeline').locator('[data-kind="receipt"]').first();
  await expect(credit).toContainText('Endurgjald');
  await expect(credit).toContainText('-50,00 kr.');

  // The fill's receipt goes to the customer's mail again.
  await payment.getByRole('button', { name: 'Send kvittanina aftur' }).click();
  const resend = payment.getByTestId('resend-form');
  await resend.getByLabel('Orsøk').fill('Kundin bað um hana');
  await resend.getByRole('button', { name: 'Send kvittanina aftur' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Kvittanin er send.');
  const copy = await waitForMail(request, user.email, (m) => m.subject.startsWith('Kvittan:'));
  expect(copy.text).toContain('/profile/receipts/');

  // The customer has the credit receipt.
  const receipts = await request.get('/api/receipts', { headers: auth(user) });
  const items = ((await receipts.json()) as { items: { amount: number }[] }).items;
  expect(items.map((r) => r.amount)).toContain(-5000);

  await page.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(page);
  await page.screenshot(shot('console-customer-tablet', true));
});

test('support blocks an account: the customer is signed out at once and told why at sign-in, then let back in', async ({
  page,
  browser,
  user,
}) => {
  const app = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fo-FO' })
  ).newPage();
  try {
    await openSignedIn(app, user, '/home');
    await expect(app.getByTestId('home')).toBeVisible();

    await signIn(page, SUPPORT);
    await page.getByLabel('Leita eftir kunda').fill(user.email);
    await page.getByTestId('customer-row').filter({ hasText: user.email }).click();
    const form = page.getByTestId('block-form');
    await form.getByLabel('Orsøk').fill('Kundin bað okkum steingja kontuna');
    await form.getByRole('button', { name: 'Steng kontuna' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Kontan er stongd.');
    await expect(page.getByText(/^Stongd síðan/)).toBeVisible();

    // The app's session ended with the block: it is back at the sign-in, which says why.
    await expect(app.getByTestId('login-form')).toBeVisible({ timeout: 15_000 });
    await signInViaUi(app, user.email, DEFAULT_PASSWORD);
    await expect(
      app.getByText('Henda kontan er stongd. Set teg í samband við okkum.'),
    ).toBeVisible();
    await expectAccessible(app);
    await app.screenshot(shot('app-account-blocked'));

    await form.getByLabel('Orsøk').fill('Kundin hevur ringt aftur');
    await form.getByRole('button', { name: 'Lat kontuna upp aftur' }).click();
    await expect(page.getByTestId('toast-success').last()).toBeVisible();
    await signInViaUi(app, user.email, DEFAULT_PASSWORD);
    await expect(app).toHaveURL(/\/home$/);
  } finally {
    await app.context().close();
  }
});
