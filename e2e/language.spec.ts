import { expectAccessible } from './a11y-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test('the language switch changes the texts at once and survives a reload', async ({
  signedIn: page,
  user,
  request,
}) => {
  await page.goto('/profile/language');
  await expect(page.getByRole('heading', { name: 'Mál', level: 1 })).toBeVisible();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/locale') && r.request().method() === 'PUT',
  );
  await page.getByRole('radio', { name: 'English' }).click();
  expect((await saved).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Language', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.getByText('The language has been changed.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('stod_locale'))).toBe('en');

  // The server keeps it too, so e-mails go out in English.
  const me = await request.get('/api/user/v2', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(((await me.json()) as { locale: string }).locale).toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Language', level: 1 })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: /My details/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Validation messages follow the language as well.
  await page.goto('/profile/user');
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The field is required.')).toBeVisible();

  // And back to Faroese.
  await page.goto('/profile/language');
  await page.getByRole('radio', { name: 'Føroyskt' }).click();
  await expect(page.getByRole('heading', { name: 'Mál', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mál', level: 1 })).toBeVisible();
});

test('a guest can switch the language on the start screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Vælkomin til Støð' })).toBeVisible();
  await page.getByRole('button', { name: 'Skift mál til enskt' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Støð' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Støð' })).toBeVisible();
  await page.getByTestId('login-form').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
});

test('in English the food menu speaks English: categories, dishes and their ingredients', async ({
  page,
  request,
}) => {
  const stations = await request.get('/api/stations/stod?service=food');
  const [station] = ((await stations.json()) as { items: { id: number }[] }).items;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('stod_locale', 'en'));
  await page.goto(`/food-order/stations/${String(station!.id)}`);
  await expect(page.getByRole('heading', { name: 'Hot food' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open sandwiches and salad' })).toBeVisible();
  const hotDog = page.getByTestId('product-pylsa');
  await expect(hotDog).toContainText('Hot dog');
  await expect(page.getByText('Pylsa í breyði')).toHaveCount(0);
  await expect(page.getByTestId('offer-burgaratilbod')).toContainText('Burger deal');
  await expectAccessible(page);
  await page.screenshot(shot('food-menu-english'));
  await hotDog.click();
  const sheet = page.getByRole('dialog', { name: 'Hot dog' });
  await expect(sheet).toContainText('Fried onions');
  await expect(sheet).toContainText('Remoulade');
});
