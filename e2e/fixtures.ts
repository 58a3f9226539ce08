import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEFAULT_PASSWORD = 'e2e-password-1';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  token: string;
}

/** A fresh address per call, so runs and tests never share an account. */
export function uniqueEmail(tag: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${String(Date.now())}-${random}@example.com`;
}

export function registrationBody(email: string, password = DEFAULT_PASSWORD) {
  return {
    name: 'Rógvi Poulsen',
    address: 'Undir Bakka 3',
    postCode: '100',
    city: 'Tórshavn',
    email,
    mobile: '555123',
    password,
    passwordConfirmation: password,
    terms: true,
  };
}

/** Registers through the API (registration signs in and answers with a token). */
export async function registerViaApi(request: APIRequestContext, tag: string): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const body = registrationBody(email);
  const response = await request.post('/api/user', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { email, password: body.password, name: body.name, token };
}

/** Starts the app signed in, the way a returning user does: the token is on the device. */
export async function openSignedIn(page: Page, user: TestUser, path = '/home'): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('access_token', token), user.token);
  await page.goto(path);
}

export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Teldubústaður', { exact: true }).fill(email);
  await form.getByLabel('Loyniorð', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Rita inn' }).click();
}

export async function signOutViaUi(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Rita út' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
}

interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest mail to an address that passes `match`, read from the dev outbox. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  match: (mail: OutboxItem) => boolean,
): Promise<OutboxItem> {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { items } = (await response.json()) as { items: OutboxItem[] };
        found = items.find(match);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The demo operator's session, as the console's switches are used. */
export async function operatorHeaders(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/signIn', {
    data: { email: 'operator@example.com', password: 'operator-password-1' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Sets the web minimum version as an operator does; tests put it back to 0.0.0 when done. */
export async function setWebMinVersion(
  request: APIRequestContext,
  minimum: string,
  locked = false,
): Promise<void> {
  const response = await request.put('/api/admin/app-versions', {
    headers: await operatorHeaders(request),
    data: { platform: 'web', minimum, locked },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Switches maintenance as an operator does, with the same notice in both languages. */
export async function setMaintenance(
  request: APIRequestContext,
  enabled: boolean,
  message?: string,
): Promise<void> {
  const response = await request.put('/api/admin/maintenance', {
    headers: await operatorHeaders(request),
    data: message === undefined ? { enabled } : { enabled, message: { fo: message, en: message } },
  });
  expect(response.status(), await response.text()).toBe(200);
}
