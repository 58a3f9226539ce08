import { expect, type Page } from '@playwright/test';
import type { TestUser } from './fixtures.ts';

// The demo seed's kitchen staff (docs/demo.md), bound to the first demo station, which is open at all
// hours: orders can be placed there whenever the suite runs.
export const KITCHEN = { email: 'kitchen@example.com', password: 'kitchen-password-1' };

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('Teldubústaður', { exact: true }).fill(who.email);
  await page.getByLabel('Loyniorð', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Rita inn' }).click();
}

/** Kitchen staff sign in and land on their station's display; its id comes back. */
export async function openKitchen(
  page: Page,
  staff: { email: string; password: string } = KITCHEN,
): Promise<number> {
  await signIn(page, staff);
  await expect(page).toHaveURL(/\/console\/kitchen\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Køkur · /);
  // Connected: from now on the station counts as staffed, and no simulated kitchen takes over.
  await expect(page.getByTestId('kitchen-socket')).toHaveAttribute('data-status', 'live');
  return Number(/\/kitchen\/(\d+)$/.exec(page.url())![1]);
}
