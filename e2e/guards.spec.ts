import { signInViaUi } from './fixtures.ts';
import { expect, test } from './test.ts';

test.describe('navigation guards', () => {
  test('an auth-required route sends a guest to login and back after sign-in', async ({
    page,
    user,
  }) => {
    await page.goto('/profile/language');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Flanguage$/);
    await expect(page.getByRole('heading', { name: 'Rita inn', exact: true })).toBeVisible();
    await signInViaUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profile\/language$/);
    await expect(page.getByRole('radio', { name: 'Føroyskt' })).toBeChecked();
  });

  test('a guest-only route sends a signed-in user home', async ({ signedIn: page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/register-user');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/home$/);
    // /home is dark.
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('unknown paths show the 404 screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Síðan finst ikki' })).toBeVisible();
    // A single segment that is not hash-like is not the /{hash} deep link either.
    await page.goto('/not-a-hash');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveURL(/\/not-a-hash$/);
  });

  test('a guest on the web may use /stations and the food-order routes', async ({ page }) => {
    await page.goto('/stations');
    await expect(page).toHaveURL(/\/stations$/);
    await expect(page.getByRole('heading', { name: 'Støðir', level: 1 })).toBeVisible();
    await expect(page.getByTestId('station-row').first()).toBeVisible();
    await page.goto('/food-order');
    await expect(page).toHaveURL(/\/food-order$/);
    await expect(page.getByRole('heading', { name: 'Mat á støðini' })).toBeVisible();
    // A hash-like deep link needs a signed-in user.
    await page.goto('/a1b2c3d4e5f6a7b8c9d0');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fa1b2c3d4e5f6a7b8c9d0$/);
  });

  test('the last screens of the profile show their title and content', async ({
    signedIn: page,
  }) => {
    await page.goto('/profile/push-notifications');
    await expect(page.getByRole('heading', { name: 'Fráboðanir', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hvat vilt tú hava boð um?' })).toBeVisible();
    await page.goto('/profile/payment-methods/stodkort/create/complete');
    await expect(page.getByRole('heading', { name: 'Støðkort stovnað', level: 1 })).toBeVisible();
  });
});
