import { DEFAULT_PASSWORD, uniqueEmail } from './fixtures.ts';
import { expect, test } from './test.ts';
import {
  closeToasts,
  enterCardOnHostedPage,
  issueSimCard,
  listViaApi,
  shot,
} from './wallet-fixtures.ts';

test('register with a payment agreement and a new provider card, verified by digital identity', async ({
  page,
}) => {
  const email = uniqueEmail('register-wallet');

  await page.goto('/register-user');
  await page.getByLabel('Navn', { exact: true }).fill('Sámal Hansen');
  await page.getByLabel('Bústaður', { exact: true }).fill('Niels Finsens gøta 5');
  await page.getByLabel('Postnummar', { exact: true }).fill('100');
  await page.getByLabel('Býur/bygd', { exact: true }).fill('Tórshavn');
  await page.getByLabel('Fartelefon', { exact: true }).fill('291234');
  await page.getByLabel('Teldubústaður', { exact: true }).fill(email);
  await page.getByLabel('Loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Endurtak loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Stovna brúkara' }).click();

  // The payment step: a payment card, a provider card (new or existing) or an agreement.
  await expect(page).toHaveURL(/\/register-user\/payment-method$/);
  await expect(page.getByRole('heading', { name: 'Gjaldháttur', level: 1 })).toBeVisible();
  // Every choice leads on, the card's gateway page too: each row has its chevron.
  const choices = page.locator('main').getByRole('button', { name: /Gjaldskort/ });
  await expect(choices.locator('svg.lucide-chevron-right')).toHaveCount(1);
  await expect(page.locator('main a svg.lucide-chevron-right')).toHaveCount(3);
  await closeToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('registration-payment-method'));
  await page.getByRole('link', { name: /Nýtt Støðkort/ }).click();
  await expect(page).toHaveURL(/\/register-user\/payment-methods\/stodkort\/create$/);

  // Without an agreement, the agreement comes first and leads back here.
  const steps = page.getByRole('list', { name: 'Stig at stovna Støðkort' });
  await expect(steps.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Stovna gjaldsavtalu' }).click();
  await expect(page).toHaveURL(/\/register-user\/payment-method\/agreement\?next=/);
  await expect(page.getByText('Fyrst gjaldsavtalan, so kanst tú stovna Støðkortið.')).toBeVisible();
  const agreement = page.getByTestId('agreement-form');
  await expect(agreement.getByLabel('Fulla navn')).toHaveValue('Sámal Hansen');
  await expect(agreement.getByLabel('Telefonnummar')).toHaveValue('291234');
  await agreement.getByLabel('Skrásetingarnummar').fill('6460');
  await agreement.getByLabel('Kontonummar').fill('0001234567');
  await agreement.getByRole('button', { name: 'Stovna gjaldsavtalu' }).click();
  await expect(page.getByText('Gjaldsavtalan er stovnað.')).toBeVisible();
  await expect(page).toHaveURL(/\/register-user\/payment-methods\/stodkort\/create$/);
  await expect(steps).toContainText('Avtala við kontonr. ••••4567');
  await closeToasts(page);
  await page.screenshot(shot('registration-own-card-steps'));

  // Identity: cancelling in the simulator comes back with a note; then a test person signs in.
  await page.getByRole('button', { name: 'Vátta við talgildum samleika' }).click();
  await page.getByRole('button', { name: 'Angra · Cancel' }).click();
  await expect(page).toHaveURL(/\/register-user\/payment-methods\/stodkort\/create$/);
  await expect(page.getByTestId('own-card-problem')).toHaveText(
    'Váttanin varð avbrotin. Tú kanst royna aftur.',
  );
  await page.getByRole('button', { name: 'Vátta við talgildum samleika' }).click();
  await page.getByRole('button', { name: /Jógvan Joensen/ }).click();

  // Back with ?identity=verified: the card is created and registration is done.
  await expect(page).toHaveURL(/\/register-user\/completed$/);
  await expect(page.getByRole('heading', { name: 'Vælkomin, Sámal!' })).toBeVisible();
  const panel = page.getByTestId('activation-panel');
  await expect(panel).toContainText('Verður virkið um');
  await expect(page.getByTestId('activation-countdown')).toHaveText(/^[0-3]:[0-5]\d$/);
  await expect(page.getByTestId('register-completed')).toBeVisible();
  await expect(page.getByText('Reg. 6460 · kontonr. ••••4567')).toBeVisible();
  await closeToasts(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('registration-completed', true));

  // The API agrees: one provider card, not active for another 3 minutes.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.get('/api/payment-methods', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  const { items } = (await response.json()) as {
    items: { kind: string; isActive: boolean; activeFrom: string }[];
  };
  expect(items).toHaveLength(1);
  expect(items[0]?.kind).toBe('own_card');
  expect(items[0]?.isActive).toBe(false);
  expect(Date.parse(items[0]?.activeFrom ?? '') - Date.now()).toBeGreaterThan(60_000);

  await page.getByRole('link', { name: 'Byrja' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('payment-prompt')).toHaveCount(0);
});

test('registration with a payment card ends on the completed screen', async ({
  signedIn: page,
  user,
  request,
}) => {
  await page.goto('/register-user/payment-method');
  await page.getByRole('button', { name: /Gjaldskort/ }).click();
  await enterCardOnHostedPage(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/register-user\/completed$/);
  await expect(page.getByText('Kortið er lagt afturat.')).toBeVisible();
  await expect(page.getByTestId('register-completed')).toBeVisible();
  await expect(page.getByText('•••• 4242')).toBeVisible();
  const { items } = await listViaApi(request, user);
  expect(items.map((m) => m.last4)).toEqual(['4242']);
});

test('registration can add an existing provider card', async ({ signedIn: page, request }) => {
  const { number, pin } = await issueSimCard(request);
  await page.goto('/register-user/payment-method');
  await page.getByRole('link', { name: /Eg havi eitt Støðkort/ }).click();
  await expect(page).toHaveURL(/\/register-user\/payment-methods\/stodkort\/add$/);
  await page.getByLabel('Kortnummar').fill(number);
  await page.getByLabel('PIN-kota', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Legg kortið afturat' }).click();
  await expect(page).toHaveURL(/\/register-user\/completed$/);
  await expect(page.getByText(`•••• ${number.slice(-4)}`)).toBeVisible();
  await expect(page.getByTestId('activating-badge')).toHaveCount(0);
});

test('the payment step can be left for later; home then asks for a card', async ({
  signedIn: page,
}) => {
  await page.goto('/register-user/payment-method');
  await page.getByRole('link', { name: 'Ger hetta seinni' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('payment-prompt')).toBeVisible();
});
