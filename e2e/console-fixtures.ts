import type { Page } from '@playwright/test';
import { expect } from './test.ts';

// The demo seed's operator (docs/demo.md).
export const OPERATOR = { email: 'operator@example.com', password: 'operator-password-1' };

/** Signs in at the console's login, which every console address leads to when signed out. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('Teldubústaður', { exact: true }).fill(who.email);
  await page.getByLabel('Loyniorð', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Rita inn' }).click();
}
