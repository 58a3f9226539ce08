import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openSignedIn, registerViaApi } from './fixtures.ts';

// Kept as artefacts (engineering guide: screenshots at 390×844 of each journey).
const shot = (name: string) => ({
  path: fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url)),
  animations: 'disabled' as const,
});

test('screenshots of login, home and profile at 390×844', async ({ page, request }) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });

  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('login'));

  const user = await registerViaApi(request, 'screens');
  await openSignedIn(page, user, '/home');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('home'));

  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(user.name);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('profile'));

  await page.goto('/profile/user');
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await page.screenshot({ ...shot('profile-user'), fullPage: true });
});
