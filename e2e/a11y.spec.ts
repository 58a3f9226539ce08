import { expectAccessible } from './a11y-fixtures.ts';
import { expect, test } from './test.ts';

test('the guest screens meet WCAG AA', async ({ page }) => {
  for (const path of ['/', '/login', '/register-user', '/forgot-password', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await expectAccessible(page);
  }
});

test('the signed-in screens meet WCAG AA', async ({ signedIn: page }) => {
  await page.goto('/home');
  await expect(page.getByTestId('home')).toBeVisible();
  await expectAccessible(page);
  for (const path of ['/profile', '/profile/user', '/profile/language', '/fuel/stations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
});

test('the wallet and registration payment screens meet WCAG AA', async ({
  signedIn: page,
  userWithOwnCard,
}) => {
  const { id } = userWithOwnCard.card;
  await page.goto('/profile/payment-methods');
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
  await expectAccessible(page);
  const screens: [string, string][] = [
    [`/profile/payment-methods/${id}`, 'card-face'],
    ['/profile/payment-methods/agreement', 'agreement-form'],
    ['/profile/payment-methods/stodkort/add', 'own-card-add-form'],
    ['/register-user/completed', 'register-completed'],
  ];
  for (const [path, testId] of screens) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/profile/payment-methods/stodkort/create');
  await expect(page.getByRole('list', { name: 'Stig at stovna Støðkort' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/register-user/payment-method');
  await expect(page.getByRole('link', { name: /Nýtt Støðkort/ })).toBeVisible();
  await expectAccessible(page);
});
