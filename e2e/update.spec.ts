import { expect, test } from '@playwright/test';
import { setWebMinVersion } from './fixtures.ts';

// These tests change the server's minimum web version; each puts it back when done.
test.describe('update modal', () => {
  test.afterEach(async ({ request }) => {
    await setWebMinVersion(request, '0.0.0');
  });

  test('appears for an old version; "Bíða til í morgin" postpones it to the next day', async ({
    page,
    request,
  }) => {
    await setWebMinVersion(request, '99.0.0');
    await page.goto('/');
    const modal = page.getByRole('dialog', { name: 'Nýggj dagføring' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Tú hevur eina eldri útgávu av appini.');
    await expect(modal.getByRole('button', { name: 'Heinta dagføring' })).toBeVisible();
    // Not dismissible by Escape: the user chooses.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();

    await modal.getByRole('button', { name: 'Bíða til í morgin' }).click();
    await expect(modal).toBeHidden();
    const stamp = await page.evaluate(() => localStorage.getItem('update_postponed_until'));
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // After a reload the check runs again but stays quiet until tomorrow.
    const checked = page.waitForResponse((r) => r.url().includes('/api/app-version'));
    await page.reload();
    expect((await checked).ok()).toBe(true);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Nýggj dagføring' })).toHaveCount(0);
  });

  test('a locked version cannot be postponed', async ({ page, request }) => {
    await setWebMinVersion(request, '99.0.0', true);
    await page.goto('/');
    const modal = page.getByRole('dialog', { name: 'Nýggj dagføring' });
    await expect(modal.getByRole('button', { name: 'Heinta dagføring' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Bíða til í morgin' })).toHaveCount(0);
  });
});
