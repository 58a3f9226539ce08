import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LAUNCH_OPTIONS } from './launch.ts';
import { expect } from './test.ts';

// What the specs of the installable apps (the customer app, the staff console) share.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

export interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** A PNG's width and height, read from its IHDR chunk. */
export async function pngSize(request: APIRequestContext, src: string): Promise<string> {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toBe('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('ascii'), src).toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

/** Waits until the app has registered its worker (after load and idle) and it is active. */
export async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/**
 * Chromium's own verdict on installing the page at `path`, from a profile on disk: it never
 * offers to install from an incognito context such as a test's own. Waits for `shown` first.
 */
export async function installabilityErrors(
  baseURL: string | undefined,
  path: string,
  shown: (page: Page) => Locator,
): Promise<string[]> {
  const profile = mkdtempSync(join(tmpdir(), 'stod-pwa-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...LAUNCH_OPTIONS,
    ...(baseURL ? { baseURL } : {}),
    serviceWorkers: 'allow',
  });
  try {
    const installed = browser.pages()[0] ?? (await browser.newPage());
    await installed.goto(path);
    await expect(shown(installed)).toBeVisible({ timeout: 15_000 });
    const cdp = await browser.newCDPSession(installed);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    let latest: string[] = [];
    await expect
      .poll(
        async () => {
          latest = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map(
            (e) => e.errorId,
          );
          return latest;
        },
        { timeout: 20_000 },
      )
      .toEqual([]);
    return latest;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
