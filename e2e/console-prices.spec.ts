import { formatCurrency, kronerDecimal } from '@stod/domain';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { operatorHeaders } from './fixtures.ts';
import { addGatewayCard, fillViaApi, stationNamed } from './stations-helpers.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// A station no other journey fills at: its prices are this spec's to change, and put back.
const STATION = 'Støð Leirvík';
const PUMP = 1;

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

interface PriceItem {
  productId: number;
  code: string;
  price: number;
  bounds: { min: number; max: number } | null;
}

test('an operator changes a fuel price within its bounds, and the customer’s next fill uses it', async ({
  page,
  browser,
  request,
  user,
}) => {
  const station = await stationNamed(request, STATION);
  const headers = await operatorHeaders(request);
  const listed = await request.get(`/api/admin/stations/${String(station.id)}/prices`, { headers });
  const items = ((await listed.json()) as { items: PriceItem[] }).items;
  const diesel = items.find((p) => p.code === 'Diesel')!;
  const raised = diesel.price + 10;

  try {
    await signIn(page, OPERATOR);
    // Signed in (the operator lands on the vouchers) before going on: a new address now would
    // cut the sign-in short.
    await expect(page.getByTestId('console-role')).toBeVisible();
    await page.goto(`/console/stations/${String(station.id)}`);
    const form = page.getByTestId('station-prices');
    const row = form.getByTestId('price-Diesel');
    await expect(row.getByTestId('price-now')).toContainText(formatCurrency(diesel.price));
    const input = row.getByRole('textbox');

    // A mistyped digit is caught before anything is sent.
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/prices')) puts += 1;
    });
    await input.fill(kronerDecimal(diesel.price * 10, ','));
    await form.getByRole('button', { name: 'Goym prísir' }).click();
    await expect(row.getByText(/^Uttan fyri markið/)).toBeVisible();
    // A large change inside the bounds is asked again; declined, nothing is sent.
    await input.fill(kronerDecimal(Math.round(diesel.price * 1.3), ','));
    await form.getByRole('button', { name: 'Goym prísir' }).click();
    const confirm = page.getByTestId('price-confirm');
    await expect(confirm).toContainText('broytist meira enn 10 %');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Angra' }).click();
    expect(puts).toBe(0);

    await input.fill(kronerDecimal(raised, ','));
    await form.getByLabel('Orsøk').fill('Nýggir innkeypsprísir');
    await form.getByRole('button', { name: 'Goym prísir' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Prísirnir eru broyttir.');
    await expect(row.getByTestId('price-now')).toContainText(formatCurrency(raised));
    expect(puts).toBe(1);
    // The station's price sign showed the rise before the pumps took it, and says so.
    const sign = form.getByTestId('price-sign');
    await expect(sign).toContainText('Prísskeltið vísir');
    await expect(sign.getByRole('listitem').filter({ hasText: 'Diesel' })).toContainText(
      formatCurrency(raised),
    );
    await expectAccessible(page);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot(shot('console-prices-desktop', true));

    // The customer's next fill starts at the new price and is charged by it.
    const context = await browser.newContext();
    const cardId = await addGatewayCard(await context.newPage(), request, user);
    await context.close();
    const fill = await fillViaApi(request, user, {
      stationId: station.id,
      pumpNumber: PUMP,
      productId: diesel.productId,
      cardId,
      litres: 5,
    });
    expect(fill.product.price).toBe(raised);
    expect(fill.captured).toBe(5 * raised);

    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAccessible(page);
    await page.screenshot(shot('console-prices-tablet', true));
  } finally {
    const back = await request.put(`/api/admin/stations/${String(station.id)}/prices`, {
      headers,
      data: { items: [{ productId: diesel.productId, price: diesel.price }] },
    });
    expect(back.status()).toBe(200);
  }
});
