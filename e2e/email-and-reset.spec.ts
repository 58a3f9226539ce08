import { signInViaUi, uniqueEmail, waitForMail } from './fixtures.ts';
import { expect, test } from './test.ts';

test('change the e-mail with the code sent to the new address', async ({
  signedIn: page,
  request,
}) => {
  const newEmail = uniqueEmail('email-to');
  await page.goto('/profile/user');

  const emailForm = page.getByTestId('email-form');
  await emailForm.getByLabel('Nýggjur teldubústaður', { exact: true }).fill('not-an-email');
  await emailForm.getByRole('button', { name: 'Send kotu' }).click();
  await expect(emailForm.getByText('Vinaliga skriva ein gildigan teldubústað.')).toBeVisible();
  await emailForm.getByLabel('Nýggjur teldubústaður', { exact: true }).fill(newEmail);
  await emailForm.getByRole('button', { name: 'Send kotu' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/profile/user/verify-email/${encodeURIComponent(newEmail).replace(/\./g, '\\.')}$`),
  );
  await expect(page.getByText(`Vit hava sent eina kotu til ${newEmail}.`)).toBeVisible();

  const mail = await waitForMail(request, newEmail, (m) => /: \S{4}$/.test(m.subject));
  const code = /: (\S{4})$/.exec(mail.subject)![1]!;

  // The domain rule: exactly 4 characters.
  await page.getByLabel('Kota', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Vátta' }).click();
  await expect(page.getByText('Vinaliga tøppa kotu inn.')).toBeVisible();
  // A wrong code of the right length: the server says so under the field.
  const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
  await page.getByLabel('Kota', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Vátta' }).click();
  await expect(page.getByText('Kotan er skeiv ella útgingin.')).toBeVisible();

  await page.getByLabel('Kota', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Vátta' }).click();
  await expect(page).toHaveURL(/\/profile\/user$/);
  await expect(page.getByText('Teldubústaðurin er broyttur.')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
});

test('forgot password → reset link from the outbox → sign in with the new password', async ({
  page,
  user,
  request,
}) => {
  const newPassword = 'reset-password-3';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Gloymt loyniorð?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Teldubústaður', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send leinkju' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText(user.email);

  const mail = await waitForMail(request, user.email, (m) => m.text.includes('/reset-password?'));
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)![1]!;
  const url = new URL(link);

  await page.goto(url.pathname + url.search);
  await page.getByLabel('Nýtt loyniorð', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Goym nýtt loyniorð' }).click();
  await expect(page.getByText('Loyniorð skal vera minst 8 tekin langt.')).toBeVisible();
  await page.getByLabel('Nýtt loyniorð', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Goym nýtt loyniorð' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Loyniorðið er broytt. Tú kanst nú rita inn.')).toBeVisible();

  await signInViaUi(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);

  // The link works once.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto(url.pathname + url.search);
  await page.getByLabel('Nýtt loyniorð', { exact: true }).fill('third-password-4');
  await page.getByRole('button', { name: 'Goym nýtt loyniorð' }).click();
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
});
