import { setMaintenance } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.describe('app shell', () => {
  test('maintenance mode shows the maintenance screen and lets go when it ends', async ({
    signedIn: page,
    request,
  }) => {
    try {
      await setMaintenance(request, true, 'Vit dagføra kervið. Aftur kl. 14.');
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(page.getByRole('heading', { name: 'Viðlíkahald' })).toBeVisible();
      await expect(page.getByText('Vit dagføra kervið. Aftur kl. 14.')).toBeVisible();
      // Other routes lead back while maintenance lasts.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/maintenance$/);
    } finally {
      await setMaintenance(request, false);
    }
    await page.getByRole('button', { name: 'Royn aftur' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('bottom sheets close on Escape, the backdrop and the close button', async ({ page }) => {
    await page.goto('/stations');
    const open = () =>
      page.getByTestId('station-row').filter({ hasText: 'Støð Klaksvík' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Støð Klaksvík' });

    await open();
    await expect(sheet).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await open();
    await expect(sheet).toBeVisible();
    await page.getByTestId('modal-backdrop').click({ position: { x: 10, y: 10 } });
    await expect(sheet).toBeHidden();

    await open();
    await sheet.getByRole('button', { name: 'Lat aftur' }).click();
    await expect(sheet).toBeHidden();
  });

  test('the terms of purchase open as a page of their own, in the app language', async ({
    page,
  }) => {
    await page.goto('/register-user');
    const link = page.getByRole('link', { name: 'keypstreytirnar' });
    await expect(link).toHaveAttribute('href', /\/api\/legal\/purchase-terms\?lang=fo$/);
    const [terms] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
    await terms.close();
    await expect(page).toHaveURL(/\/register-user$/);
  });

  test('toasts can be removed and vanish on their own', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Teldubústaður', { exact: true }).fill('nobody@example.com');
    await form.getByLabel('Loyniorð', { exact: true }).fill('whatever-password');
    await form.getByRole('button', { name: 'Rita inn' }).click();
    const toast = page.getByTestId('toast-error');
    await expect(toast).toHaveText(/Teldubústaðurin ella loyniorðið er skeivt\./);
    await toast.getByRole('button', { name: 'Lat boðini aftur' }).click();
    await expect(toast).toHaveCount(0);

    await form.getByRole('button', { name: 'Rita inn' }).click();
    await expect(page.getByTestId('toast-error')).toBeVisible();
    // TOAST_LIFETIME_MS is 5 s: wait for the app's own timer, no longer.
    await expect(page.getByTestId('toast-error')).toHaveCount(0, { timeout: 8_000 });
  });

  test('a toast leaves the header and its back button free, and goes when the form says more', async ({
    page,
  }) => {
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Teldubústaður', { exact: true }).fill('nobody@example.com');
    await form.getByLabel('Loyniorð', { exact: true }).fill('whatever-password');
    await form.getByRole('button', { name: 'Rita inn' }).click();
    const toast = page.getByTestId('toast-error');
    await expect(toast).toBeVisible();

    const header = (await page.locator('header').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    // Nothing lies over the back button: a tap on it reaches it.
    const back = page.getByTestId('header-back');
    const onTop = await back.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    await page.screenshot(shot('toast-login'));

    // The form's new field errors take the place of the toast.
    await form.getByLabel('Teldubústaður', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Rita inn' }).click();
    await expect(form.getByText('Vinaliga skriva ein gildigan teldubústað.')).toBeVisible();
    await expect(toast).toHaveCount(0);
  });
});
