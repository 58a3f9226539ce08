import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerViaApi, type TestUser } from './fixtures.ts';
import { enterCardOnHostedPage } from './wallet-fixtures.ts';

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

/** A customer with the gateway's test card, saved on its hosted page in a browser of their own. */
export async function customerWithCard(browser: Browser, request: APIRequestContext) {
  const customer = await registerViaApi(request, 'kitchen');
  const started = await request.post('/api/payment-methods', {
    headers: auth(customer),
    data: { returnPath: '/profile/payment-methods' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await enterCardOnHostedPage(page, '4242 4242 4242 4242');
  let cardId: string | undefined;
  await expect
    .poll(async () => {
      const session = await request.get(`/api/payment-methods/sessions/${sessionId}`, {
        headers: auth(customer),
      });
      const body = (await session.json()) as { paymentMethod: { id: string } | null };
      cardId = body.paymentMethod?.id;
      return cardId;
    })
    .toBeTruthy();
  await context.close();
  return { customer, cardId: cardId! };
}

/** Kitchen staff open their station's display from the stations list; its id comes back. */
export async function openKitchen(
  page: Page,
  staff: { email: string; password: string } = KITCHEN,
): Promise<number> {
  await signIn(page, staff);
  await expect(page).toHaveURL(/\/console\/stations$/);
  await page.getByTestId('console-stations').getByRole('link', { name: 'Køkur' }).click();
  await expect(page).toHaveURL(/\/console\/kitchen\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Køkur · /);
  // Connected: from now on the station counts as staffed, and no simulated kitchen takes over.
  await expect(page.getByTestId('kitchen-socket')).toHaveAttribute('data-status', 'live');
  return Number(/\/kitchen\/(\d+)$/.exec(page.url())![1]);
}
