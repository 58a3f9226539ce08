import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TestUser } from './fixtures.ts';
import { atCharger, chargeViaApi, chargerOf, installationNamed } from './charging-helpers.ts';
import { auth, keepScreen } from './stations-helpers.ts';
import { expect, test } from './test.ts';

// The push journey needs the service worker: the browser subscribes through it.
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium's push service (Google's) cannot be reached here, so its subscribe() fails. The
 * browser's subscription is made to point at the API's development push service instead, with
 * real keys: the server then sends it a real encrypted, VAPID-signed Web Push request.
 */
async function subscribeToDevelopmentPushService(page: Page) {
  await page.addInitScript(() => {
    let current: PushSubscription | null = null;
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `${location.origin}/api/dev/push-service/e2e-${crypto.randomUUID()}`;
      const json = { endpoint, expirationTime: null, keys: { p256dh, auth } };
      current = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null, ...options },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
}

// A connector of its own: the suite shares one server and its simulated chargers.
const INSTALLATION = 'Støð Tórshavn';
const CHARGER = 'STOD-TH-AC1';
const CONNECTOR = 2;

interface OutboxMessage {
  kind: string;
  title: string;
  body: string;
  url: string;
  state: string;
  platform: string;
  provider: string | null;
}

async function pushesTo(request: APIRequestContext, user: TestUser) {
  const response = await request.get(`/api/dev/push-outbox?to=${encodeURIComponent(user.email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: OutboxMessage[] }).items;
}

/** Opens a charge on the connector, starts it with the car plugged in, and stops it. */
async function chargeAndStop(request: APIRequestContext, user: TestUser, cardId: string) {
  const installation = await installationNamed(request, user, INSTALLATION);
  const charger = chargerOf(installation, CHARGER);
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/charger/${charger.id}`, { headers: auth(user) });
        const body = (await r.json()) as { connectors: { connectorId: number; status: string }[] };
        return body.connectors.find((c) => c.connectorId === CONNECTOR)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('Available');
  const opened = await request.post('/api/charges', {
    headers: { ...auth(user), 'idempotency-key': randomUUID() },
    data: {
      installationId: installation.id,
      chargerId: charger.id,
      connectorId: CONNECTOR,
      paymentMethodId: cardId,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  const started = await request.post(`/api/charges/${id}/start`, { headers: auth(user) });
  expect(started.status(), await started.text()).toBe(200);
  await atCharger(request, CHARGER, CONNECTOR, 'plug');
  await expect
    .poll(async () => (await chargeViaApi(request, user, id)).state, { timeout: 30_000 })
    .toBe('charging');
  // A meter value or two, so there is energy to pay for.
  await expect
    .poll(async () => (await chargeViaApi(request, user, id)).kwh, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const stopped = await request.post(`/api/charges/${id}/stop`, { headers: auth(user) });
  expect(stopped.status(), await stopped.text()).toBe(200);
  await expect
    .poll(async () => (await chargeViaApi(request, user, id)).state, { timeout: 60_000 })
    .toBe('completed');
  await atCharger(request, CHARGER, CONNECTOR, 'unplug');
  return { id, installationId: installation.id };
}

test.describe('push notifications', () => {
  test('turn push on, finish a charge, and the message is sent to this browser', async ({
    signedIn: page,
    userWithCard: user,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    await subscribeToDevelopmentPushService(page);

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Fráboðanir' }).click();
    await expect(page).toHaveURL(/\/profile\/push-notifications$/);
    const device = page.getByTestId('push-device');
    await expect(device).toContainText('Fráboðanir eru sløktar', { timeout: 15_000 });
    // Offers stay off until the user opts in; the user's own services are on.
    await expect(page.getByRole('switch', { name: 'Tilboð og nýggjheitir' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByRole('switch', { name: 'Elbilurin er ladaður' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await keepScreen(page, 'push-off', true);

    // The browser's question, answered yes (a start with permission given would register at once).
    await context.grantPermissions(['notifications']);
    await page.getByRole('button', { name: 'Tendra fráboðanir' }).click();
    await expect(device).toHaveAttribute('data-state', 'on', { timeout: 15_000 });
    await expect(device).toContainText('Fráboðanir eru tendraðar');
    await keepScreen(page, 'push-on', true);

    // The device is registered with the server, as a web push subscription.
    const devices = await request.get('/api/push-notifications/tokens', { headers: auth(user) });
    expect(((await devices.json()) as { items: { platform: string }[] }).items).toEqual([
      expect.objectContaining({ platform: 'web' }),
    ]);

    const charge = await chargeAndStop(request, user, user.cardId);
    await expect
      .poll(async () => (await pushesTo(request, user)).find((m) => m.kind === 'chargeComplete'), {
        timeout: 30_000,
      })
      .toMatchObject({
        title: 'Elbilurin er ladaður',
        url: `/charging/installations/${charge.installationId}/charge`,
        platform: 'web',
        provider: 'webpush',
      });

    // Switched off, the next kind of message is not sent; and turning off here removes the device.
    await page.getByRole('switch', { name: 'Maturin er klárur' }).click();
    await expect(page.getByRole('switch', { name: 'Maturin er klárur' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const saved = await request.get('/api/push-notifications/preferences', { headers: auth(user) });
    expect(await saved.json()).toMatchObject({ foodReady: false, chargeComplete: true });
    await page.getByRole('button', { name: 'Sløkk á hesum tóli' }).click();
    await expect(device).toContainText('Fráboðanir eru sløktar');
    const after = await request.get('/api/push-notifications/tokens', { headers: auth(user) });
    expect(((await after.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test('a browser that refused notifications is told how to allow them', async ({
    signedIn: page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto('/profile/push-notifications');
    await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'denied');
    await expect(page.getByText('Tú hevur ikki loyvt fráboðanir á hesum tóli.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tendra fráboðanir' })).toHaveCount(0);
    await keepScreen(page, 'push-denied');
  });
});
