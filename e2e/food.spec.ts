import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { DEFAULT_PASSWORD, operatorHeaders, signInViaUi } from './fixtures.ts';
import { auth, openKitchen } from './food-fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

// A guest orders food on the web (issue: food ordering, §5 and §6): the menu, a meal deal with
// an ingredient changed, the cart by the domain's rule, sign-in at checkout, the card, and the
// order followed live while kitchen staff accept and ready it in a browser of their own.

interface StationJson {
  id: number;
  name: string;
  services: string[];
  openingHours: ({ from: string; to: string } | null)[];
}

async function foodStations(page: Page): Promise<StationJson[]> {
  const response = await page.request.get('/api/stations/stod?service=food');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: StationJson[] }).items;
}

/** Minutes of the Faroe clock now, as 'HH:MM' `ahead` minutes on (wrapping at midnight). */
function faroeTime(aheadMinutes: number): string {
  const at = new Date(Date.now() + aheadMinutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Atlantic/Faroe',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

test.describe('food ordering', () => {
  test('a guest fills a cart with a meal deal, signs in at checkout, pays, and follows the kitchen live', async ({
    page,
    browser,
    stationStaff,
    userWithCard: customer,
  }) => {
    // Two browsers, eight screens kept with axe: longer than most journeys.
    test.setTimeout(120_000);
    // Kitchen staff have the display open on a tablet: the station counts as staffed.
    const kitchenContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const kitchen = await kitchenContext.newPage();
    const stationId = await openKitchen(kitchen, stationStaff);

    // A guest on the web: the start screen, then the station's menu.
    await page.goto('/food-order');
    await expect(page.getByRole('heading', { name: 'Mat á støðini' })).toBeVisible();
    await expect(page.getByTestId(`food-station-${String(stationId)}`)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot(shot('food-start'));
    await page.getByTestId(`food-station-${String(stationId)}`).click();
    await expect(page).toHaveURL(new RegExp(`/food-order/stations/${String(stationId)}$`));
    await expect(page.getByTestId('offer-burgaratilbod')).toContainText('Spar');
    await expect(page.getByTestId('product-burgari')).toContainText('99,00 kr.');
    await expectAccessible(page);
    await page.screenshot(shot('food-menu'));

    // The meal deal: the burger with cheese and without onion, and a cola.
    await page.getByTestId('offer-burgaratilbod').click();
    const offer = page.getByTestId('food-offer-sheet');
    await expect(offer.getByRole('heading', { name: 'Burgaratilboð' })).toBeVisible();
    await offer.getByTestId('choice-0-burgari').check();
    await offer.getByTestId('extra-burgari-ostur').check();
    await offer.getByTestId('ingredient-burgari-lokur').uncheck();
    await offer.getByTestId('choice-1-cola').check();
    await expect(offer.getByTestId('food-allergens').first()).toContainText('Mjólk');
    // 89 + 5 + 15 = 109 kr.; the drink and the burger would cost 99 + 5 + 30 alone.
    await expect(offer.getByTestId('sheet-add')).toHaveText('Legg í kurvina · 109,00 kr.');
    await expect(offer.getByTestId('offer-saving')).toHaveText(/^Spar \d+,\d{2} kr\.$/);
    await expectAccessible(page);
    await page.screenshot(shot('food-offer-sheet'));
    await offer.getByTestId('sheet-add').click();
    await expect(offer).toBeHidden();

    // Two hot dogs without mustard.
    await page.getByTestId('product-pylsa').click();
    const sheet = page.getByTestId('food-product-sheet');
    await sheet.getByTestId('ingredient-pylsa-sinnep').uncheck();
    await sheet.getByTestId('sheet-quantity-plus').click();
    await expect(sheet.getByTestId('sheet-add')).toHaveText('Legg í kurvina · 70,00 kr.');
    await expectAccessible(page);
    await page.screenshot(shot('food-product-sheet'));
    await sheet.getByTestId('sheet-add').click();
    await closeToasts(page);
    await expect(page.getByTestId('food-cart-bar')).toContainText('3 vørur · 179,00 kr.');

    // The cart: totals by the domain's rule; a quantity below 1 removes a line.
    await page.getByTestId('food-cart-bar').click();
    await expect(page).toHaveURL(new RegExp(`/food-order/${String(stationId)}/cart$`));
    const lines = page.getByTestId('food-cart-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText('+ Ostur');
    await expect(lines.first()).toContainText('− Uttan Lókur');
    await expect(page.getByTestId('food-cart-total')).toHaveText('179,00 kr.');
    await lines.nth(1).getByTestId('food-line-quantity-plus').click();
    await expect(page.getByTestId('food-cart-total')).toHaveText('214,00 kr.');
    await lines.nth(1).getByTestId('food-line-quantity-minus').click();
    await expectAccessible(page);
    await page.screenshot(shot('food-cart'));

    // Checkout asks a guest to sign in; the cart is still there afterwards.
    await page.getByTestId('food-to-checkout').click();
    await expect(page.getByTestId('food-sign-in')).toBeVisible();
    await expect(page.getByTestId('food-checkout-total')).toHaveText('179,00 kr.');
    await expectAccessible(page);
    await page.screenshot(shot('food-checkout-guest'));
    await page.getByTestId('food-sign-in-link').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInViaUi(page, customer.email, DEFAULT_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/food-order/${String(stationId)}/checkout$`));

    // Take-out, as soon as possible, with the saved 4242 card.
    await page.getByTestId('food-mode-take-out').click();
    await page.getByTestId('food-when-asap').click();
    await expect(page.getByTestId('food-pay')).toHaveText('Gjald 179,00 kr.');
    await closeToasts(page);
    await expectAccessible(page);
    await page.screenshot(shot('food-checkout', true));
    await page.getByTestId('food-pay').click();

    await expect(page).toHaveURL(/\/food-order\/order\?id=/);
    const status = page.getByTestId('food-order-status');
    await expect(status).toHaveAttribute('data-state', 'placed');
    await expect(page.getByTestId('food-order-state')).toHaveText('Send til køkin');
    const number = (await page.getByTestId('food-order-number').textContent())!.trim();
    await expectAccessible(page);
    await page.screenshot(shot('food-order-placed'));

    // The kitchen accepts it with ten minutes; the customer sees it at once.
    const card = kitchen.getByTestId(`order-${number}`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Tak við' }).click();
    await kitchen
      .getByTestId('accept-dialog')
      .getByRole('button', { name: 'Klár um 10 min.' })
      .click();
    await expect(status).toHaveAttribute('data-state', 'accepted');
    await expect(page.getByTestId('food-order-state')).toHaveText('Í gerð');
    await expect(page.getByTestId('food-ready-by')).toHaveText(/^Klárt kl\. \d{2}:\d{2}$/);
    const steps = page.getByRole('list', { name: 'Gongdin í bíleggingini' }).locator('[data-icon]');
    await expect(steps.nth(1)).toHaveAttribute('data-icon', 'kitchen');
    await expectAccessible(page);
    await page.screenshot(shot('food-order-accepted'));

    await card.getByRole('button', { name: 'Klár' }).click();
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('food-order-state')).toHaveText('Klár at heinta');
    // The time it was ready, not the time promised ten minutes ahead.
    const readyAt = await card.getByTestId('order-ready-at').textContent();
    expect(readyAt).toMatch(/^Klárt kl\. \d{2}:\d{2}$/);
    await expect(page.getByTestId('food-ready-by')).toHaveText(readyAt ?? '');
    // A step passed is ticked as the others are; the kitchen's hat was for the making only.
    await expect(steps.nth(1)).toHaveAttribute('data-icon', 'tick');
    await expectAccessible(page);
    await page.screenshot(shot('food-order-ready'));
    await kitchenContext.close();

    // The receipt: the offer with its nested items and the ingredient changes.
    await page.getByTestId('food-receipt-link').click();
    const paper = page.getByTestId('receipt-paper');
    await expect(paper).toContainText('Burgaratilboð');
    await expect(paper).toContainText('+ Ostur');
    await expect(paper).toContainText('- Lókur');
    await expect(paper).toContainText('- Sinnep');
    await expect(paper).toContainText('179,00');
    await expectAccessible(page);
    await page.screenshot(shot('food-receipt', true));

    // Back on the food routes, the cart of that station is empty.
    await page.goto(`/food-order/${String(stationId)}/cart`);
    await expect(page.getByTestId('food-cart-empty')).toBeVisible();
  });

  test('a restaurant that is closed, or closes before the time, takes no order', async ({
    page,
    request,
    userWithCard: buyer,
  }) => {
    // A food station other than the kitchen's, set to close 20 minutes from now.
    const stations = await foodStations(page);
    const station = stations[stations.length - 1]!;
    const original = station.openingHours;
    const operator = await operatorHeaders(request);
    const setHours = (hours: StationJson['openingHours']) =>
      request.patch(`/api/admin/stations/${String(station.id)}`, {
        headers: operator,
        data: { openingHours: hours },
      });
    try {
      const from = faroeTime(-60);
      const to = faroeTime(20);
      expect((await setHours(Array.from({ length: 7 }, () => ({ from, to })))).status()).toBe(200);

      // An order for a time after closing is refused, in the customer's words.
      const late = await request.post('/api/food/orders', {
        headers: { ...auth(buyer), 'Idempotency-Key': randomUUID() },
        data: {
          stationId: station.id,
          lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
          mode: 'take-out',
          pickupAt: new Date(Date.now() + 45 * 60_000).toISOString(),
          paymentMethodId: buyer.cardId,
        },
      });
      expect(late.status()).toBe(422);
      expect(((await late.json()) as { message: string }).message).toBe(
        'Matstovan stongir áðrenn valdu tíðina.',
      );

      // Closed all week: the menu can be read, not ordered from.
      expect((await setHours(Array.from({ length: 7 }, () => null))).status()).toBe(200);
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('access_token', token), buyer.token);
      await page.goto(`/food-order/stations/${String(station.id)}`);
      await expect(page.getByTestId('food-closed')).toBeVisible();
      await page.getByTestId('product-franskar').click();
      await expect(page.getByTestId('food-product-sheet').getByTestId('sheet-add')).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot(shot('food-menu-closed'));
      const closed = await request.post('/api/food/orders', {
        headers: { ...auth(buyer), 'Idempotency-Key': randomUUID() },
        data: {
          stationId: station.id,
          lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
          mode: 'take-out',
          pickupAt: 'asap',
          paymentMethodId: buyer.cardId,
        },
      });
      expect(closed.status()).toBe(422);
      expect(((await closed.json()) as { code: string }).code).toBe('RESTAURANT_CLOSED');
    } finally {
      await setHours(original);
    }
  });
});
