import { fileURLToPath } from 'node:url';
import { openSignedIn } from './fixtures.ts';
import { expect, test } from './test.ts';

// Kept as artefacts (engineering guide: screenshots at 390×844 of each journey).
const shot = (name: string) => ({
  path: fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url)),
  animations: 'disabled' as const,
});

test('screenshots of login, home and profile at 390×844', async ({ page, user }) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });

  await page.goto('/');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('login'));

  // Signed in only now: the login screen above is the guest's.
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
