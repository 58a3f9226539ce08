import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { installabilityErrors, pngSize, workerReady, type Manifest } from './pwa-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

// The staff console installs as an app of its own on a station's tablet or a desk, beside the
// customer app on the same origin, and starts without a network.
test.use({
  serviceWorkers: 'allow',
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
});
test.describe.configure({ timeout: 120_000 });

const consoleWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/console/');
    return registration ? { scope: registration.scope } : null;
  });

test('the console has its own manifest and icons, and Chromium finds it installable', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/console/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    id: '/console/',
    name: 'Støð stýriborð',
    short_name: 'Stýriborð',
    start_url: '/console/',
    scope: '/console/',
    display: 'standalone',
    theme_color: '#0b1620',
  });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.length).toBe(3);
  for (const icon of pngs) {
    expect(icon.src, icon.src).toMatch(/^\/console\/icons\//);
    expect(await pngSize(request, icon.src), icon.src).toBe(icon.sizes);
  }

  await page.goto('/console/');
  await expect(page.getByRole('button', { name: 'Rita inn' })).toBeVisible();
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(request, touchIcon ?? '')).toBe('180x180');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
    '/console/manifest.webmanifest',
  );

  expect(
    await installabilityErrors(baseURL, '/console/', (installed) =>
      installed.getByRole('button', { name: 'Rita inn' }),
    ),
  ).toEqual([]);
});

test('the console’s worker starts the console without a network, and keeps no API answer', async ({
  page,
  context,
}) => {
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  expect(await workerReady(page)).toMatch(/\/console\/sw\.js$/);
  expect(await consoleWorker(page)).toEqual({ scope: expect.stringMatching(/\/console\/$/) });
  // The first load was before the worker; a load once it is active is its to answer.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
      },
      { timeout: 30_000 },
    )
    .toMatch(/\/console\/sw\.js$/);

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain('/console/');
  expect(kept.some((url) => url.startsWith('/console/assets/'))).toBe(true);
  expect(kept.filter((url) => !url.startsWith('/console/'))).toEqual([]);

  // Offline, a console address still opens the console, which says what it cannot reach.
  await context.setOffline(true);
  try {
    await page.goto('/console/alarms');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByText('Ávaringarnar kundu ikki heintast.')).toBeVisible();
    await page.screenshot(shot('console-offline-desktop'));
    await expectAccessible(page);
  } finally {
    await context.setOffline(false);
  }
});
