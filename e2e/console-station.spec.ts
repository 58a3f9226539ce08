import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import type { TestUser } from './fixtures.ts';
import { expect, test } from './test.ts';
import { TOAST_LIFETIME_MS } from '@stod/domain';
import { shot } from './wallet-fixtures.ts';

interface StationJson {
  id: number;
  name: string;
  products: { id: number; service: string; price: number }[];
  carwashBays: number[];
}

interface TransactionJson {
  id: string;
  state: string;
}

const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

/**
 * The first car-wash station and its highest free bay: the customer journeys of the app start at
 * the first bay, and the suite shares one server, so this one keeps out of their way.
 */
async function freeBay(request: APIRequestContext, user: TestUser) {
  const stations = await request.get('/api/stations/stod?service=carwash');
  expect(stations.status()).toBe(200);
  const station = ((await stations.json()) as { items: StationJson[] }).items[0]!;
  const bays = await request.get(`/api/carwash/stations/${String(station.id)}/bays`, {
    headers: auth(user),
  });
  expect(bays.status(), await bays.text()).toBe(200);
  const { items } = (await bays.json()) as { items: { number: number; state: string }[] };
  const bay = items.filter((b) => b.state === 'free').at(-1);
  if (!bay) throw new Error(`no free bay at ${station.name}`);
  const programme = station.products
    .filter((p) => p.service === 'carwash')
    .sort((a, b) => a.price - b.price)[0]!;
  return { station, bay: bay.number, programme };
}

/** A customer books, starts and stops a wash through the API, paying with the test card. */
async function stoppedWash(request: APIRequestContext, customer: TestUser & { cardId: string }) {
  const { station, bay, programme } = await freeBay(request, customer);
  const booked = await request.post('/api/carwash/transactions', {
    headers: { ...auth(customer), 'Idempotency-Key': randomUUID() },
    data: {
      stationId: station.id,
      bayNumber: bay,
      productId: programme.id,
      paymentMethodId: customer.cardId,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const wash = (await booked.json()) as TransactionJson;
  expect(wash.state).toBe('ready');
  const started = await request.post(`/api/carwash/transactions/${wash.id}/start`, {
    headers: auth(customer),
  });
  expect(started.status(), await started.text()).toBe(200);
  const stopped = await request.post(`/api/carwash/transactions/${wash.id}/stop`, {
    headers: auth(customer),
  });
  expect(stopped.status(), await stopped.text()).toBe(200);
  expect(((await stopped.json()) as TransactionJson).state).toBe('stopped');
  return { wash, station, bay };
}

test.describe('a station in the staff console', () => {
  test('an operator sees the pumps and bays live, and resumes a stopped wash', async ({
    page,
    request,
    userWithCard: customer,
  }) => {
    const { wash, station, bay } = await stoppedWash(request, customer);

    await signIn(page, OPERATOR);
    await page
      .getByRole('navigation', { name: 'Stýriborð' })
      .getByRole('link', { name: 'Støðir' })
      .click();
    await page
      .getByTestId('console-stations')
      .getByRole('link', { name: new RegExp(`^${station.name}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/console/stations/${String(station.id)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);

    const pumps = page.getByTestId('station-pumps');
    await expect(pumps.getByRole('heading', { level: 2 })).toHaveText('Pumpur');
    await expect(pumps.getByRole('listitem').first()).toBeVisible();
    await expect(pumps.getByTestId('pump-1').getByRole('heading')).toHaveText('Pumpa 1');
    const bays = page.getByTestId('station-bays');
    await expect(bays.getByRole('heading', { level: 2 })).toHaveText('Vaskibásar');
    await expect(bays.getByRole('listitem')).toHaveCount(station.carwashBays.length);

    // The customer's stopped wash, as the bay and the customer's screen see it.
    const card = page.getByTestId(`bay-${String(bay)}`);
    await expect(card.locator('[data-state]')).toHaveText('Steðgaður');
    await expect(card.locator('[data-state]')).toHaveAttribute('data-state', 'stopped');
    await expect(card.getByTestId('customer-label')).toHaveText('Steðgaður');
    await expect(page.getByTestId('forecourt-unreachable')).toHaveCount(0);
    await expect(page.getByTestId('carwash-unreachable')).toHaveCount(0);
    // The stopped wash stands first, above the fold, with its resume button.
    const banner = page.getByTestId(`stopped-wash-${String(bay)}`);
    await expect(banner.getByRole('heading')).toHaveText(
      `Vaskurin í vaskibási ${String(bay)} er steðgaður og bíðar eftir starvsfólki`,
    );
    await expect(banner.getByRole('button', { name: 'Halt fram við vaskinum' })).toBeInViewport();
    await expectAccessible(page);
    await page.screenshot(shot('console-station-stopped-wash'));

    // Asking first; cancelling leaves the wash stopped.
    await banner.getByRole('button', { name: 'Halt fram við vaskinum' }).click();
    const dialog = page.getByTestId('resume-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(
      `Halda fram við vaskinum í bási ${String(bay)}?`,
    );
    await expectAccessible(page);
    await page.screenshot(shot('console-station-resume-dialog'));
    await dialog.getByRole('button', { name: 'Angra' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('customer-label')).toHaveText('Steðgaður');

    await banner.getByRole('button', { name: 'Halt fram við vaskinum' }).click();
    await dialog.getByRole('button', { name: 'Halt fram' }).click();
    await expect(page.getByText(`Vaskurin í bási ${String(bay)} heldur fram.`)).toBeVisible();
    await expect(card.locator('[data-state]')).toHaveText('Vaskar');
    await expect(card.getByTestId('customer-label')).toHaveText('Vaskur í gongd');
    // This bay's banner is gone (another journey may have left a wash stopped in another bay).
    await expect(banner).toHaveCount(0);

    // The customer's own view agrees.
    const after = await request.get(`/api/transactions/${wash.id}`, { headers: auth(customer) });
    expect(((await after.json()) as TransactionJson).state).toBe('washing');

    // Live: the screen asks again by itself, every two seconds.
    const polled = page.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/stations/${String(station.id)}/live`) && r.ok(),
    );
    await polled;

    // The toast goes by itself; a click on its close button can land on a card the live view
    // is just redrawing beneath it.
    await expect(page.getByTestId('toast-success')).toHaveCount(0, {
      timeout: TOAST_LIFETIME_MS + 5_000,
    });
    await expectAccessible(page);
    await page.screenshot(shot('console-station-washing', true));

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(card.locator('[data-state]')).toHaveText('Vaskar');
    await expectAccessible(page);
    await page.screenshot(shot('console-station-desktop', true));
  });

  test('a station that is not there answers with a way back', async ({ page }) => {
    await signIn(page, OPERATOR);
    await expect(page).toHaveURL(/\/console\/vouchers$/);
    await page.goto('/console/stations/999999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Støðin finst ikki');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Allar støðir' }).click();
    await expect(page).toHaveURL(/\/console\/stations$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Støðir');
  });
});
