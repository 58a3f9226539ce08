import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn } from './fixtures.ts';
import { installabilityErrors, pngSize, workerReady, type Manifest } from './pwa-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// The installable web app: its manifest, its service worker and an offline start. Only this spec
// lets the worker run; playwright.config.ts blocks it for the others, whose page.route() stubs a
// worker would bypass.
test.use({ serviceWorkers: 'allow' });
// A first visit downloads the whole app shell for the worker's cache (~280 files).
test.describe.configure({ timeout: 120_000 });

test('the manifest names the app and its icons, and Chromium finds it installable', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Støð',
    short_name: 'Støð',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b6e69',
    background_color: '#0b6e69',
  });

  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  for (const icon of pngs) expect(await pngSize(request, icon.src), icon.src).toBe(icon.sizes);
  const any = pngs.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
  expect(any.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
  expect(pngs.filter((icon) => icon.purpose?.includes('maskable')).map((i) => i.sizes)).toEqual([
    '512x512',
  ]);

  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(request, touchIcon ?? '')).toBe('180x180');

  // Chromium's own verdict, from a profile on disk.
  expect(
    await installabilityErrors(baseURL, '/', (installed) => installed.getByTestId('login-form')),
  ).toEqual([]);
});

test('the service worker registers, controls the app after a reload and keeps no API answer', async ({
  page,
  user,
}) => {
  await openSignedIn(page, user, '/home');
  await expect(page.getByTestId('home')).toBeVisible();
  expect(await workerReady(page)).toMatch(/\/sw\.js$/);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  await page.reload();
  await expect(page.getByTestId('home')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );

  // Signed in, the app has asked the API for the user, the stations and more by now.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/framework-.+\.js$/.test(path))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
  expect(cached.filter((path) => path.endsWith('.map') || path.endsWith('.wasm'))).toEqual([]);
});

test('without network the installed app still starts, on the no-network screen', async ({
  page,
  context,
  user,
}) => {
  // The first visit installs the worker, which keeps the app shell in its cache.
  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await workerReady(page);
  await page.evaluate((token) => localStorage.setItem('access_token', token), user.token);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(user.name);

  await context.setOffline(true);
  // A fresh start: a new tab at a deep link, as when the installed app is opened.
  const fresh = await context.newPage();
  await fresh.goto('/profile');
  await expect(fresh).toHaveURL(/\/no-network$/);
  await expect(fresh.getByRole('heading', { name: 'Einki internetsamband' })).toBeVisible();
  await expect(fresh.getByTestId('splash')).toHaveCount(0);
  await fresh.evaluate(() => document.fonts.ready);
  await fresh.screenshot(shot('pwa-offline-start'));
  await expectAccessible(fresh);

  // The API is not answered from any cache: the app says so instead of showing stale data.
  expect(
    await fresh.evaluate(() =>
      fetch('/api/stations').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  // The start page and a guest's start go there as well.
  await fresh.evaluate(() => localStorage.removeItem('access_token'));
  await fresh.goto('/');
  await expect(fresh).toHaveURL(/\/no-network$/);

  // Back online the app goes home, which asks a guest to sign in.
  await context.setOffline(false);
  await expect(fresh).toHaveURL(/\/login\?redirect=%2Fhome$/);
  await expect(fresh.getByTestId('login-form')).toBeVisible();
});

/** The worker the server sends: the build's, which a test may swap as a deploy would. */
const workerFile = fileURLToPath(new URL('../apps/web/dist/sw.js', import.meta.url));

test('after a deploy the app offers the new build, and "Dagfør nú" starts it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await workerReady(page);
  await page.reload();
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const built = readFileSync(workerFile, 'utf8');
  const deployed = `${built}\n// deployed by e2e/pwa.spec.ts\n`;
  try {
    // A deploy: the server has a worker that differs from the one running the page.
    writeFileSync(workerFile, deployed);
    // The next start finds it; the new worker installs and waits for the user's word.
    await page.reload();
    const modal = page.getByRole('dialog', { name: 'Nýggj dagføring' });
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await expect(modal).toContainText('Ein nýggj útgáva av appini er tøk.');
    await expect(modal.getByRole('button', { name: 'Seinni' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('pwa-update-offer'));
    await expectAccessible(page);

    // The page reloads once the new worker is in charge, and nothing waits any more.
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: 'Dagfør nú' }).click();
    await reloaded;
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Nýggj dagføring' })).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      }),
    ).toEqual({ waiting: null, controlled: true });
  } finally {
    // Put the build's worker back, unless a new build has replaced the file meanwhile.
    if (readFileSync(workerFile, 'utf8') === deployed) writeFileSync(workerFile, built);
  }
});

test('a push shows a notification with the app’s icon, and a repeat of its tag replaces it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await workerReady(page);

  // The push service's part, played by Chromium's DevTools protocol.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((r) => r.scopeURL === `${baseURL ?? ''}/` && !r.isDeleted);
      if (own) resolve(own.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = async (message: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: new URL(n.icon).pathname,
        // Chromium has `badge`; the DOM library of TypeScript does not list it yet.
        badge: new URL((n as Notification & { badge: string }).badge).pathname,
        data: n.data as unknown,
      }));
    });

  // A push service delivers again until the worker has taken the message; DevTools does not, and
  // a delivery that reaches a worker Chromium is just starting can be dropped. Delivering again
  // is safe, as a repeat of a tag replaces the notification.
  const deliver = async (message: object) => {
    const before = JSON.stringify(await shown());
    await expect
      .poll(
        async () => {
          await push(message);
          return JSON.stringify(await shown());
        },
        { intervals: [1_000, 2_000, 3_000], timeout: 15_000 },
      )
      .not.toBe(before);
  };

  await deliver({
    title: 'Tankingin er liðug',
    body: '42,00 l',
    url: '/profile/receipts',
    tag: 'fuel-1',
    kind: 'transactions',
  });
  expect(await shown()).toEqual([
    {
      title: 'Tankingin er liðug',
      body: '42,00 l',
      tag: 'fuel-1',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/profile/receipts', kind: 'transactions' },
    },
  ]);

  await deliver({
    title: 'Kvittan',
    body: 'Kvittanin er klár.',
    url: '/profile/receipts',
    tag: 'fuel-1',
  });
  expect((await shown()).map((n) => n.title)).toEqual(['Kvittan']);
});
