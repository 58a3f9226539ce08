import { readFileSync } from 'node:fs';
import { expectAccessible } from './a11y-fixtures.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

/** The app's texts as the build has them, so the test follows the wording. */
const texts = (file: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const TEXTS = {
  fo: {
    ...texts('i18n/fo.json'),
    ...texts('i18n/app.fo.json'),
    ...texts('features/food/i18n/fo.json'),
  },
  en: {
    ...texts('i18n/en.json'),
    ...texts('i18n/app.en.json'),
    ...texts('features/food/i18n/en.json'),
  },
};

/** Each address the build renders, with texts of its screen that must be in the page itself. */
/** Holds the app's entry file back; the answer lets it through. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => {
    release();
  };
}

const SCREENS = [
  ['/', ['login.welcome', 'login.submit', 'login.noAccount']],
  ['/login', ['route.signIn', 'login.submit', 'login.noAccount']],
  ['/food-order', ['route.foodOrder', 'food.startTitle', 'food.startText']],
  ['/food-order/stations', ['route.chooseStation']],
] as const;

test.describe('first screens rendered at build time', () => {
  for (const locale of ['fo', 'en'] as const) {
    test(`carry their screen's text in ${locale === 'fo' ? 'Faroese' : 'English'}, before any script`, async ({
      browser,
      baseURL,
    }) => {
      // No script at all: what is on screen is the page's HTML and its inline stylesheet.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        baseURL,
      });
      if (locale === 'en')
        await context.addCookies([{ name: 'stod_locale', value: 'en', url: baseURL ?? '' }]);
      const page = await context.newPage();
      for (const [path, keys] of SCREENS) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
        for (const key of keys)
          await expect(page.getByText(TEXTS[locale][key] ?? key).first()).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(`· Støð$`));
      }
      await page.goto('/login');
      await page.screenshot(shot(`prerendered-login-${locale}`));
      await page.goto('/food-order');
      await page.screenshot(shot(`prerendered-food-order-${locale}`));
      await context.close();
    });
  }

  test('paint before the app is asked for, and the app takes over the same screen', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { sent: Element | null }).sent = document.querySelector('form');
      });
    });
    // The app's entry is held back until the tap below has happened.
    const release = await holdAppEntry(page);
    await page.goto('/login');
    // A tap before the app has taken over does not submit natively (what was typed would go into
    // the address); the app answers it once it has.
    await page.getByTestId('login-form').getByRole('button', { name: 'Rita inn' }).click();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-ready', '');
    await expect(page.getByText('Vinaliga skriva ein gildigan teldubústað.')).toBeVisible();
    // Hydrated, not replaced: the form is the very element the page brought.
    expect(
      await page.evaluate(() => {
        const sent = (window as unknown as { sent: Element | null }).sent;
        return sent !== null && sent === document.querySelector('form') && sent.isConnected;
      }),
    ).toBe(true);
    // The first contentful paint came from the page: no script had been asked for before it.
    const order = await page.evaluate(() => {
      const paint =
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => e.startTime);
      return { paint, firstScript: Math.min(...scripts) };
    });
    expect(order.paint).toBeLessThan(order.firstScript);
    await expectAccessible(page);
  });

  test('a plain button tapped before the app has come is answered once it has', async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Skift mál til enskt' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');
    release();
    await expect(page.getByRole('heading', { name: TEXTS.en['login.welcome'] })).toBeVisible();
  });

  test('in English, the app hydrates the English page and keeps the language', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'stod_locale', value: 'en', url: baseURL ?? '' }]);
    await page.addInitScript(() => localStorage.setItem('stod_locale', 'en'));
    await page.goto('/food-order');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/food-order');
    await expect(page.getByRole('heading', { name: TEXTS.en['food.startTitle'] })).toBeVisible();
    await expect(page.getByTestId('food-station-list')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page);
    await page.screenshot(shot('prerendered-food-order-en-hydrated'));
  });

  test('a signed-in device, or one whose saved language differs, gets the splash instead', async ({
    page,
  }) => {
    // The app's files never come: what shows is the page and its own script's choice.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('access_token', 'a-token'));
    await page.goto('/login');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);

    await page.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.setItem('stod_locale', 'en');
    });
    await page.goto('/login');
    await expect(page.getByTestId('splash')).toBeVisible();
  });
});
