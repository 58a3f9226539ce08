import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import type { TestUser } from './fixtures.ts';
import { closeToasts, enterCardOnHostedPage, shot } from './wallet-fixtures.ts';

/**
 * What the fuel and car-wash journeys share: a station from the seed, a card on the gateway's
 * hosted page, the simulated pumps' dev controls, and a screen kept as a screenshot after axe.
 *
 * The simulated devices must be driven by the test alone: the e2e server runs with
 * SIM_AUTO_CUSTOMER=false (no simulated customer lifts a nozzle by itself) and a SIM_SPEED that
 * keeps the wash's 20-second countdown on screen for a few seconds (5: four seconds).
 */

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

export interface StationJson {
  id: number;
  name: string;
  services: string[];
  pumps: number[];
  carwashBays: number[];
  products: { id: number; service: string; code: string; name: string; price: number }[];
}

export interface TransactionJson {
  id: string;
  service: 'fuel' | 'carwash';
  state: string;
  label: string;
  litres: number | null;
  amount: number;
  held: number;
  captured: number;
  released: number;
  receiptId: string | null;
  product: { name: string; price: number };
}

export async function stationNamed(request: APIRequestContext, name: string) {
  const response = await request.get('/api/stations/stod');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: StationJson[] };
  const station = items.find((s) => s.name === name);
  if (!station) throw new Error(`no seeded station ${name}`);
  return station;
}

/** The first station with a car wash, as GET /api/stations/stod?service=carwash lists them. */
export async function firstCarwashStation(request: APIRequestContext) {
  const response = await request.get('/api/stations/stod?service=carwash');
  expect(response.status()).toBe(200);
  const station = ((await response.json()) as { items: StationJson[] }).items[0];
  if (!station) throw new Error('no car-wash station in the seed');
  return station;
}

/**
 * A gateway card saved through its hosted page, the way the app sends a customer there: the
 * test card 4242…, or one of the gateway's refusing test cards.
 */
export async function addGatewayCard(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  number = '4242 4242 4242 4242',
): Promise<string> {
  const started = await request.post('/api/payment-methods', {
    headers: auth(user),
    data: { returnPath: '/profile/payment-methods' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
  await page.goto(url);
  await enterCardOnHostedPage(page, number);
  let id: string | undefined;
  await expect
    .poll(async () => {
      const session = await request.get(`/api/payment-methods/sessions/${sessionId}`, {
        headers: auth(user),
      });
      const body = (await session.json()) as { paymentMethod: { id: string } | null };
      id = body.paymentMethod?.id;
      return id;
    })
    .toBeTruthy();
  return id!;
}

/** The simulator's dev control: what a customer does at the pump. */
export async function atPump(
  request: APIRequestContext,
  stationId: number,
  pumpNumber: number,
  action: 'lift' | 'hangup' | 'fault' | 'online',
  litres?: number,
) {
  const response = await request.post('/api/dev/sim/pumps', {
    data: { stationId, pumpNumber, action, ...(litres === undefined ? {} : { litres }) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function pumpState(request: APIRequestContext, station: StationJson, pump: number) {
  const response = await request.get('/api/dev/sim/state', {
    params: { stationId: station.id },
  });
  expect(response.status()).toBe(200);
  const { pumps } = (await response.json()) as { pumps: { pump: number; state: string }[] };
  return pumps.find((p) => p.pump === pump)?.state;
}

export async function transactionViaApi(
  request: APIRequestContext,
  user: TestUser,
  id: string,
): Promise<TransactionJson> {
  const response = await request.get(`/api/transactions/${id}`, { headers: auth(user) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TransactionJson;
}

export async function activeViaApi(request: APIRequestContext, user: TestUser) {
  const response = await request.get('/api/transactions/active', { headers: auth(user) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { transaction: TransactionJson | null }).transaction;
}

/** '23,45' (the pump's display) as a number. */
export const litresOf = (text: string | null) => Number((text ?? '').replace(',', '.'));

/** '1.234,50 kr.' as øre. */
export const oreOf = (text: string | null) =>
  Math.round(Number((text ?? '').replace(' kr.', '').replaceAll('.', '').replace(',', '.')) * 100);

/**
 * A screen of the journey, kept as a 390×844 screenshot as it was asserted, then checked against
 * WCAG AA.
 */
export async function keepScreen(page: Page, name: string, fullPage = false) {
  await closeToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot(name, fullPage));
  await expectAccessible(page);
}

/** The WCAG 2.2 AA rules, as a11y-fixtures.ts checks them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A screen that changes by itself several times a second (the litres while the pump runs, the
 * wash's countdown and ring). The ring's transition starts again with each change, so waiting
 * for every animation to end (expectAccessible) would wait for the wash to end: only the route's
 * entrance is waited for. Nothing else here animates a colour, so the contrast is the final one.
 */
export async function keepLiveScreen(page: Page, name: string) {
  await closeToasts(page);
  await page.evaluate(() => document.fonts.ready);
  // The route's own entrance (a CSS animation that fades the screen in) is waited for: halfway
  // through it, every text is paler than it ends up.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          !(a instanceof CSSAnimation) ||
          a.playState !== 'running' ||
          a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.screenshot(shot(name));
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}

/**
 * A whole refuelling as the API and the pump see it: started with the card, the nozzle lifted
 * for `litres`, and the fill as it ended.
 */
export async function fillViaApi(
  request: APIRequestContext,
  user: TestUser,
  fill: {
    stationId: number;
    pumpNumber: number;
    productId: number;
    cardId: string;
    litres: number;
  },
): Promise<TransactionJson> {
  const started = await request.post('/api/fuel/transactions', {
    headers: { ...auth(user), 'Idempotency-Key': `fill-${user.email}-${String(fill.stationId)}` },
    data: {
      stationId: fill.stationId,
      pumpNumber: fill.pumpNumber,
      productId: fill.productId,
      paymentMethodId: fill.cardId,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await expect.poll(async () => (await activeViaApi(request, user))?.state).toBe('ready');
  await atPump(request, fill.stationId, fill.pumpNumber, 'lift', fill.litres);
  await expect
    .poll(async () => (await transactionViaApi(request, user, id)).state, { timeout: 60_000 })
    .toBe('completed');
  return transactionViaApi(request, user, id);
}
