import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { openSignedIn, setMaintenance } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('an operator switches maintenance on from the console, and the customer app shows it', async ({
  page,
  browser,
  request,
  user,
}) => {
  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Stýriborð' })
    .getByRole('link', { name: 'Stillingar' })
    .click();
  await expect(page).toHaveURL(/\/console\/switches$/);
  const form = page.getByTestId('maintenance-form');
  await expect(page.getByTestId('maintenance-state')).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('app-version-web')).toBeVisible();

  const customer = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fo-FO' })
  ).newPage();
  try {
    await form.getByLabel('Viðlíkahald á').check();
    // Times are written as the Faroe Islands write them, whatever the browser's language; one
    // that is no time is said at once, and nothing is saved.
    const from = form.getByLabel('Frá', { exact: true });
    await expect(from).toHaveAttribute('placeholder', 'DD.MM.ÁÁÁÁ TT:MM');
    await from.fill('30.02.2027 10:00');
    await form.getByRole('button', { name: 'Goym' }).click();
    await expect(form.getByText('Virðið er ikki gildigt.')).toBeVisible();
    await expect(page.getByTestId('maintenance-state')).toHaveAttribute('data-state', 'off');
    await from.fill('');
    await form.getByLabel('Boð á føroyskum').fill('Vit dagføra kervið. Aftur kl. 14.');
    await form.getByLabel('Boð á enskum').fill('We are updating the system. Back at 14:00.');
    await form.getByRole('button', { name: 'Goym' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Viðlíkahaldið er goymt.');
    await expect(page.getByTestId('maintenance-state')).toHaveAttribute('data-state', 'active');
    await expectAccessible(page);
    await page.screenshot(shot('console-switches-desktop', true));

    await openSignedIn(customer, user, '/profile');
    await expect(customer).toHaveURL(/\/maintenance$/);
    await expect(customer.getByText('Vit dagføra kervið. Aftur kl. 14.')).toBeVisible();
    await customer.screenshot(shot('maintenance-from-console'));

    // Off again from the console: the app lets go.
    await form.getByLabel('Viðlíkahald á').uncheck();
    await form.getByRole('button', { name: 'Goym' }).click();
    await expect(page.getByTestId('maintenance-state')).toHaveAttribute('data-state', 'off');
    await customer.getByRole('button', { name: 'Royn aftur' }).click();
    await expect(customer).toHaveURL(/\/home$/);
  } finally {
    await setMaintenance(request, false);
    await customer.context().close();
  }

  // A latest version below the minimum is refused on its field.
  const web = page.getByTestId('app-version-web');
  await web.getByLabel('Nýggjasta útgáva').fill('0.0.0');
  await web.getByLabel('Minsta útgáva').fill('0.0.1');
  await web.getByRole('button', { name: 'Goym' }).click();
  await expect(web.getByText('Virðið er ikki gildigt.')).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(page);
  await page.screenshot(shot('console-switches-tablet', true));
});
