import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { type TestUser } from './fixtures.ts';
import { auth, openKitchen } from './food-fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

/** The kitchen display is built for a tablet on the wall, in landscape. */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

/**
 * A tablet's browser starts sound only after a tap on the page; headless Chromium allows it at
 * once, whatever its autoplay policy says. This puts the strictest rule back for the next loads:
 * a resume counts only once this page has had a tap or key of its own.
 */
async function soundNeedsATap(page: Page) {
  await page.addInitScript(() => {
    let tapped = false;
    const tap = () => {
      tapped = true;
    };
    document.addEventListener('pointerdown', tap, true);
    document.addEventListener('keydown', tap, true);
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        let allowed = false;
        const hold = () => {
          if (!allowed && this.state === 'running') void super.suspend();
        };
        this.addEventListener('statechange', hold);
        hold();
        this.resume = () => {
          if (tapped && navigator.userActivation.isActive) allowed = true;
          return allowed ? super.resume() : Promise.resolve();
        };
      }
    };
  });
}

interface OrderJson {
  id: string;
  number: number;
  state: string;
  readyBy: string | null;
  acceptedAt: string | null;
  rejectReason: string | null;
  held: number;
  captured: number;
  released: number;
}

/** Fries to take out, as soon as possible (unless told otherwise), as the app places them. */
async function placeOrder(
  request: APIRequestContext,
  buyer: TestUser & { cardId: string },
  stationId: number,
  order: { lines?: unknown[]; mode?: 'dine-in' | 'take-out' } = {},
): Promise<OrderJson> {
  const placed = await request.post('/api/food/orders', {
    headers: { ...auth(buyer), 'Idempotency-Key': randomUUID() },
    data: {
      stationId,
      lines: order.lines ?? [{ type: 'product', productId: 'franskar', quantity: 1 }],
      mode: order.mode ?? 'take-out',
      pickupAt: 'asap',
      paymentMethodId: buyer.cardId,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as OrderJson;
}

/** A burger deal with cheese and bacon added and the onion taken off, and two hot dogs. */
const BIG_ORDER = [
  {
    type: 'offer',
    offerId: 'burgaratilbod',
    quantity: 1,
    items: [
      {
        productId: 'burgari',
        addedIngredientIds: ['burgari-ostur', 'burgari-bacon'],
        removedIngredientIds: ['burgari-lokur'],
      },
      { productId: 'cola' },
    ],
  },
  { type: 'product', productId: 'pylsa', quantity: 2, removedIngredientIds: ['pylsa-sinnep'] },
];

async function customerSees(
  request: APIRequestContext,
  customer: TestUser,
  id: string,
): Promise<OrderJson> {
  const response = await request.get(`/api/food/orders/${id}`, { headers: auth(customer) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderJson;
}

test.describe('the kitchen display', () => {
  test('kitchen staff hear a new order, accept it, ready it and hand it over; and reject one', async ({
    page,
    request,
    stationStaff,
    userWithCard: buyer,
  }) => {
    const stationId = await openKitchen(page, stationStaff);
    expect(stationStaff.stationIds).toContain(stationId);
    await expect(page.getByTestId('kitchen-updated')).toHaveText(/^Dagført kl\. \d{2}:\d{2}$/);
    await expect(page.getByTestId('kitchen-offline')).toHaveCount(0);

    // Reached by taps, the display may chime at once. Opened anew (the tablet restarted), it
    // waits for a tap, as browsers ask.
    await expect(page.getByTestId('kitchen-sound-on')).toHaveText('Ljóð er á');
    await soundNeedsATap(page);
    await page.reload();
    await expect(page.getByTestId('kitchen-socket')).toHaveAttribute('data-status', 'live');
    await expect(page.getByTestId('kitchen-sound-on')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-sound-off'));
    await expect(page.getByTestId('kitchen-muted')).toContainText(
      'Nýggjar bíleggingar og ávaringar hoyrast ikki.',
    );
    await page.getByRole('button', { name: 'Trýst fyri at tendra ljóðið' }).click();
    await expect(page.getByTestId('kitchen-sound-on')).toHaveText('Ljóð er á');
    await expect(page.getByTestId('kitchen-muted')).toHaveCount(0);

    // Allowed once on this tablet, the sound comes back after a reload at the first touch
    // anywhere, not only on the button.
    await page.reload();
    await expect(page.getByTestId('kitchen-muted')).toContainText(
      'Trýst hvar sum helst á skíggjan, so kemur ljóðið aftur.',
    );
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByTestId('kitchen-sound-on')).toHaveText('Ljóð er á');
    await expect(page.getByTestId('kitchen-socket')).toHaveAttribute('data-status', 'live');
    const board = page.locator('[data-chimes]');
    const chimes = Number(await board.getAttribute('data-chimes'));

    const first = await placeOrder(request, buyer, stationId);

    // It arrives by itself, in New, highlighted, with a chime.
    const card = page.getByTestId(`order-${String(first.number)}`);
    await expect(
      page.getByTestId('column-new').getByTestId(`order-${String(first.number)}`),
    ).toBeVisible();
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card.getByTestId('order-state')).toHaveText('Nýggj');
    await expect(card.getByTestId('order-customer')).toHaveText('Rógvi');
    await expect(card.getByTestId('order-mode')).toHaveText('Taka við');
    await expect(card.getByTestId('order-pickup')).toHaveText('Skjótast gjørligt');
    await expect(card.getByText('Franskar')).toBeVisible();
    await expect(board).toHaveAttribute('data-chimes', String(chimes + 1));
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-new-order'));

    // Accepted with ten minutes: the customer sees it, with the ready-by time.
    await card.getByRole('button', { name: 'Tak við' }).click();
    const accept = page.getByTestId('accept-dialog');
    await expect(accept.getByRole('heading')).toHaveText(
      `Tak við bílegging ${String(first.number)}`,
    );
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-accept-dialog'));
    await accept.getByRole('button', { name: 'Klár um 10 min.' }).click();
    await expect(accept).toBeHidden();
    await expect(
      page.getByTestId('column-cooking').getByTestId(`order-${String(first.number)}`),
    ).toBeVisible();
    // A time on the same day shows only the clock; one past midnight carries its date too.
    await expect(card.getByTestId('order-ready-by')).toHaveText(
      /^(\d{2}\.\d{2}\.\d{4} )?kl\. \d{2}:\d{2}$/,
    );
    const accepted = await customerSees(request, buyer, first.id);
    expect(accepted.state).toBe('accepted');
    expect(new Date(accepted.readyBy!).getTime() - new Date(accepted.acceptedAt!).getTime()).toBe(
      10 * 60_000,
    );
    expect(accepted.captured).toBe(accepted.held);
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-in-progress'));

    await card.getByRole('button', { name: 'Klár' }).click();
    await expect(
      page.getByTestId('column-ready').getByTestId(`order-${String(first.number)}`),
    ).toBeVisible();
    await expect(card.getByTestId('order-state')).toHaveText('Klár');
    expect((await customerSees(request, buyer, first.id)).state).toBe('ready');

    await card.getByRole('button', { name: 'Heintað' }).click();
    await expect(card).toBeHidden();
    expect((await customerSees(request, buyer, first.id)).state).toBe('collected');

    // A second order is rejected with a reason; its hold is given back in full.
    const second = await placeOrder(request, buyer, stationId);
    const next = page.getByTestId(`order-${String(second.number)}`);
    await expect(
      page.getByTestId('column-new').getByTestId(`order-${String(second.number)}`),
    ).toBeVisible();
    await expect(board).toHaveAttribute('data-chimes', String(chimes + 2));
    await next.getByRole('button', { name: 'Avvís' }).click();
    const reject = page.getByTestId('reject-dialog');
    await reject.getByRole('button', { name: 'Avvís bíleggingina' }).click();
    await expect(reject.getByRole('alert')).toHaveText('Vel ella skriva eina orsøk.');
    await reject.getByRole('button', { name: 'Útselt' }).click();
    await expect(reject.getByRole('textbox', { name: 'Orsøk' })).toHaveValue('Útselt');
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-reject-dialog'));
    await reject.getByRole('button', { name: 'Avvís bíleggingina' }).click();
    await expect(reject).toBeHidden();
    await expect(next).toBeHidden();
    const rejected = await customerSees(request, buyer, second.id);
    expect(rejected.state).toBe('rejected');
    expect(rejected.rejectReason).toBe('Útselt');
    expect(rejected.released).toBe(rejected.held);
    expect(rejected.captured).toBe(0);

    // Both are in Done, folded away until asked for.
    await page.getByRole('button', { name: 'Vís liðugar bíleggingar' }).click();
    const done = page.getByTestId('column-done');
    await expect(
      done.getByTestId(`order-${String(first.number)}`).getByTestId('order-state'),
    ).toHaveText('Heintað');
    await expect(
      done.getByTestId(`order-${String(second.number)}`).getByTestId('order-reason'),
    ).toHaveText('Orsøk: Útselt');
    await closeToasts(page);
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-done'));
    await page.getByRole('button', { name: 'Fjal liðugar bíleggingar' }).click();

    // A bigger order, to eat here: offer items nested, ingredients added and removed, and
    // every product's allergens. Then the smaller tablet, 1024×768.
    const third = await placeOrder(request, buyer, stationId, {
      lines: BIG_ORDER,
      mode: 'dine-in',
    });
    const big = page.getByTestId(`order-${String(third.number)}`);
    await expect(big.getByTestId('order-mode')).toHaveText('Eta her');
    await expect(big.getByText('Burgaratilboð')).toBeVisible();
    await expect(big.getByRole('listitem').filter({ hasText: 'Bacon' }).last()).toHaveText(
      '+ við Bacon',
    );
    await expect(big.getByRole('listitem').filter({ hasText: 'Lókur' }).last()).toHaveText(
      '− uttan Lókur',
    );
    await expect(big.getByRole('list', { name: 'Allergen' }).first()).toHaveText(
      'GlutenEggMjólkSinnepSesam',
    );
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-big-order'));
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(big.getByRole('button', { name: 'Tak við' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-1024'));
  });

  test('an unanswered order warns before it expires: amber, then red with a sound, until it is accepted', async ({
    page,
    request,
    stationStaff,
    userWithCard: buyer,
  }) => {
    // The tablet's clock is the page's own: moved on, the tickets age without waiting minutes.
    await page.clock.install();
    const stationId = await openKitchen(page, stationStaff);
    // Orders an earlier journey left unanswered here are answered first: this one is alone.
    const staffAuth = { Authorization: `Bearer ${stationStaff.token}` };
    const open = await request.get(`/api/kitchen/stations/${String(stationId)}/orders`, {
      headers: staffAuth,
    });
    for (const left of ((await open.json()) as { items: OrderJson[] }).items)
      if (left.state === 'placed')
        await request.post(`/api/kitchen/orders/${left.id}/reject`, {
          headers: staffAuth,
          data: { reason: 'Útselt' },
        });
    await expect(page.getByTestId('kitchen-sound-on')).toHaveText('Ljóð er á');
    await expect(
      page.getByTestId('kitchen-awake').or(page.getByTestId('kitchen-wake')),
    ).toHaveCount(1);
    const order = await placeOrder(request, buyer, stationId);
    const card = page.getByTestId(`order-${String(order.number)}`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-expires')).toHaveText(/^Rennur út um [45]:\d{2}$/);
    await expect(card).toHaveAttribute('data-urgency', 'calm');
    const board = page.locator('[data-chimes]');
    const before = Number(await board.getAttribute('data-chimes'));

    // Three minutes and a half on: amber, and quiet.
    await page.clock.fastForward('03:30');
    await expect(card).toHaveAttribute('data-urgency', 'soon');
    await expect(page.getByTestId('kitchen-expiring')).toHaveCount(0);

    // The last minute: red, named across the top, and the warning sounds, again and again.
    await page.clock.fastForward('01:00');
    await expect(card).toHaveAttribute('data-urgency', 'now');
    const banner = page.getByTestId('kitchen-expiring');
    await expect(banner.getByRole('alert')).toHaveText(
      `Bílegging ${String(order.number)} rennur skjótt út. Tak við henni ella avvís hana.`,
    );
    await expect
      .poll(async () => Number(await board.getAttribute('data-chimes')))
      .toBeGreaterThan(before);
    const sounded = Number(await board.getAttribute('data-chimes'));
    await page.clock.fastForward('00:10');
    await expect
      .poll(async () => Number(await board.getAttribute('data-chimes')))
      .toBeGreaterThan(sounded);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-expiring'));

    // The server has not let it go: its minute of warning is kept. Accepted, all is calm.
    expect((await customerSees(request, buyer, order.id)).state).toBe('placed');
    await banner
      .getByRole('button', { name: new RegExp(`^Nr\\. ${String(order.number)}`) })
      .click();
    await expect(card).toBeFocused();
    await card.getByRole('button', { name: 'Tak við' }).click();
    await page
      .getByTestId('accept-dialog')
      .getByRole('button', { name: 'Klár um 10 min.' })
      .click();
    await expect(
      page.getByTestId('column-cooking').getByTestId(`order-${String(order.number)}`),
    ).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect((await customerSees(request, buyer, order.id)).state).toBe('accepted');

    // Portrait, as a tablet on its side.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-portrait'));
  });

  test('kitchen staff of another station find no kitchen there, and a way back', async ({
    page,
    request,
    stationStaff,
  }) => {
    const own = await openKitchen(page, stationStaff);
    const stations = await request.get('/api/stations/stod?service=food');
    expect(stations.status()).toBe(200);
    const other = ((await stations.json()) as { items: { id: number }[] }).items.find(
      (s) => s.id !== own,
    )!;
    await page.goto(`/console/kitchen/${String(other.id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Køkurin finst ikki');
    await expect(page.getByTestId('kitchen-socket')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot(shot('kitchen-not-found'));
    await page.getByRole('link', { name: 'Allar støðir' }).click();
    await expect(page).toHaveURL(/\/console\/stations$/);

    // The API agrees: not there for them.
    const token = await page.evaluate(() => localStorage.getItem('stod_console_session'));
    const asked = await request.get(`/api/kitchen/stations/${String(other.id)}/orders`, {
      headers: { Authorization: `Bearer ${token!}` },
    });
    expect(asked.status()).toBe(404);
  });
});
