import { fileURLToPath } from 'node:url';
import { expectAccessible } from './a11y-fixtures.ts';
import { DEFAULT_PASSWORD, signInViaUi, signOutViaUi, uniqueEmail } from './fixtures.ts';
import { expect, test } from './test.ts';

const shot = (name: string) => ({
  path: fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url)),
  animations: 'disabled' as const,
});

test('register → sign in → edit profile → change password → sign out → sign in again', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  const newPassword = 'another-password-2';

  // Register: the form validates with the domain schema before anything is sent.
  await page.goto('/');
  await page.getByRole('link', { name: 'Stovna brúkara' }).click();
  await expect(page).toHaveURL(/\/register-user$/);
  await page.getByRole('button', { name: 'Stovna brúkara' }).click();
  await expect(page.getByText('Teigurin er kravdur.').first()).toBeVisible();
  await expect(page.getByText('Vinaliga skriva ein gildigan teldubústað.')).toBeVisible();
  await expect(page.getByText('Vinaliga góðtak keypstreytir.')).toBeVisible();

  await page.getByLabel('Navn', { exact: true }).fill('Sámal Hansen');
  await page.getByLabel('Bústaður', { exact: true }).fill('Niels Finsens gøta 5');
  await page.getByLabel('Postnummar', { exact: true }).fill('100');
  await page.getByLabel('Býur/bygd', { exact: true }).fill('Tórshavn');
  await page.getByLabel('Fartelefon', { exact: true }).fill('291234');
  await page.getByLabel('Teldubústaður', { exact: true }).fill(email);
  await page.getByLabel('Loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Endurtak loyniorð', { exact: true }).fill('not-the-same-1');
  await page.getByRole('button', { name: 'Stovna brúkara' }).click();
  await expect(page.getByText('Loyniorðini eru ikki eins.')).toBeVisible();
  await page.getByLabel('Endurtak loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Stovna brúkara' }).click();

  // Registration signs in and continues with the payment-method step.
  await expect(page).toHaveURL(/\/register-user\/payment-method$/);
  await expect(page.getByRole('link', { name: /Nýtt Støðkort/ })).toBeVisible();

  // Sign out, then sign in with the new account.
  await signOutViaUi(page);
  await signInViaUi(page, email, DEFAULT_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hey, Sámal' })).toBeVisible();

  // Edit the profile; the change survives a reload.
  await page.getByRole('link', { name: /Vangi/ }).click();
  await page.getByRole('link', { name: /Mínar upplýsingar/ }).click();
  await expect(page).toHaveURL(/\/profile\/user$/);
  const profile = page.getByTestId('profile-form');
  await profile.getByLabel('Navn', { exact: true }).fill('S');
  await profile.getByRole('button', { name: 'Goym' }).click();
  await expect(profile.getByText('Teigurin er kravdur.')).toBeVisible();
  await profile.getByLabel('Navn', { exact: true }).fill('Sámal Joensen');
  await profile.getByLabel('Býur/bygd', { exact: true }).fill('Klaksvík');
  await profile.getByRole('button', { name: 'Goym' }).click();
  await expect(page.getByText('Upplýsingarnar eru goymdar.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel('Navn', { exact: true })).toHaveValue(
    'Sámal Joensen',
  );
  await expect(
    page.getByTestId('profile-form').getByLabel('Býur/bygd', { exact: true }),
  ).toHaveValue('Klaksvík');

  // Change the password: a wrong current one is refused under its field, a short new one too.
  const passwordForm = page.getByTestId('password-form');
  await passwordForm.getByLabel('Núverandi loyniorð', { exact: true }).fill('wrong-password-9');
  await passwordForm.getByLabel('Nýtt loyniorð', { exact: true }).fill('short');
  await passwordForm.getByRole('button', { name: 'Broyt loyniorð' }).click();
  await expect(passwordForm.getByText('Loyniorð skal vera minst 8 tekin langt.')).toBeVisible();
  await passwordForm.getByLabel('Nýtt loyniorð', { exact: true }).fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Broyt loyniorð' }).click();
  await expect(passwordForm.getByText('Núverandi loyniorðið er skeivt.')).toBeVisible();
  await passwordForm.getByLabel('Núverandi loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
  await passwordForm.getByRole('button', { name: 'Broyt loyniorð' }).click();
  await expect(page.getByText('Loyniorðið er broytt.')).toBeVisible();

  // Sign out; the old password no longer works, the new one does.
  await signOutViaUi(page);
  await signInViaUi(page, email, DEFAULT_PASSWORD);
  await expect(page.getByText('Teldubústaðurin ella loyniorðið er skeivt.')).toBeVisible();
  await signInViaUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hey, Sámal' })).toBeVisible();
});

test('delete the account: the confirmation asks for the password', async ({
  signedIn: page,
  user,
  request,
}) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await page.goto('/profile/user');

  await page.getByRole('button', { name: 'Strika kontuna' }).click();
  const modal = page.getByRole('dialog', { name: 'Strika kontuna?' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Vátta við tínum loyniorði.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot('delete-account-password'));
  // 'Angra' keeps the account.
  await modal.getByRole('button', { name: 'Angra' }).click();
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'Strika kontuna' }).click();
  const password = modal.getByLabel('Loyniorð', { exact: true });
  // Nothing typed: the domain rule, before anything is sent.
  await modal.getByRole('button', { name: 'Strika', exact: true }).click();
  await expect(modal.getByText('Teigurin er kravdur.')).toBeVisible();
  // A wrong password: the server's text under the field, and the account stays.
  await password.fill('wrong-password-9');
  await modal.getByRole('button', { name: 'Strika', exact: true }).click();
  await expect(modal.getByText('Núverandi loyniorðið er skeivt.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.screenshot(shot('delete-account-wrong-password'));
  const still = await request.get('/api/user/v2', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(still.status()).toBe(200);

  await password.fill(user.password);
  await modal.getByRole('button', { name: 'Strika', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Kontan er strikað.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // The token is gone and the account with it.
  const me = await request.get('/api/user/v2', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(me.status()).toBe(401);
  await signInViaUi(page, user.email, user.password);
  await expect(page.getByText('Teldubústaðurin ella loyniorðið er skeivt.')).toBeVisible();
});
