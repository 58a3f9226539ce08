import { randomUUID } from 'node:crypto';
import { expectAccessible } from './a11y-fixtures.ts';
import { registerViaApi } from './fixtures.ts';
import { expect, test } from './test.ts';
import {
  addOwnCardViaApi,
  closeToasts,
  codeSentTo,
  enterCardOnHostedPage,
  listViaApi,
  ownCardNumber,
  SEEDED_OWN_CARDS,
  shot,
  withWrongCheckDigit,
} from './wallet-fixtures.ts';

test.describe('payment methods', () => {
  test('add a card through the hosted page, make it the favourite, delete it', async ({
    signedIn: page,
    user,
    request,
  }) => {
    // Without any card, home asks for one (spec §5).
    await page.goto('/home');
    await expect(page.getByTestId('payment-prompt')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-home-prompt'));
    await page.getByTestId('payment-prompt').click();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();

    // A provider card first: it becomes the favourite, so the new card has one to take over.
    const own = await addOwnCardViaApi(request, user);
    await page.reload();
    const rows = page.getByTestId('payment-method');
    await expect(rows).toHaveCount(1);

    await page.getByRole('button', { name: 'Legg gjaldskort afturat' }).click();
    await enterCardOnHostedPage(page, '4242 4242 4242 4242');

    // The hosted page sends the browser back; the app waits for the save and says so.
    await expect(page.getByText('Kortið er lagt afturat.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);
    await expect(rows).toHaveCount(2);
    const visa = rows.filter({ hasText: '•••• 4242' });
    await expect(visa).toContainText('Visa');
    await expect(visa.getByRole('list', { name: 'Kann gjalda fyri' })).toContainText('Matur');
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-card-added'));

    // Favourite: the star moves from the provider card to the Visa card.
    const visaStar = visa.getByRole('button', { name: /^Yndiskort:/ });
    const ownStar = rows
      .filter({ hasText: `•••• ${own.last4}` })
      .getByRole('button', { name: /^Yndiskort:/ });
    await expect(visaStar).toHaveAttribute('aria-pressed', 'false');
    await expect(ownStar).toHaveAttribute('aria-pressed', 'true');
    await visaStar.click();
    await expect(page.getByText('Yndiskortið er broytt.')).toBeVisible();
    await expect(visaStar).toHaveAttribute('aria-pressed', 'true');
    await expect(ownStar).toHaveAttribute('aria-pressed', 'false');
    const afterFavourite = await listViaApi(request, user);
    expect(afterFavourite.items.find((m) => m.last4 === '4242')?.isFavourite).toBe(true);
    expect(afterFavourite.items.find((m) => m.id === own.id)?.isFavourite).toBe(false);
    // The favourite is listed first.
    await page.reload();
    await expect(rows.first()).toContainText('•••• 4242');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-payment-methods', true));

    // Details of the card.
    await visa.getByRole('link', { name: 'Visa •••• 4242' }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Upplýsingar um kortið' })).toBeVisible();
    await expect(page.getByTestId('card-face')).toContainText('•••• 4242');
    await expect(page.getByText('Yndiskort', { exact: true })).toBeVisible();
    await closeToasts(page);
    await page.screenshot(shot('wallet-card-details', true));
    await page.getByTestId('header-back').click();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);

    // Delete, after a confirmation; cancelling first keeps the card.
    await visa.getByRole('button', { name: 'Strika Visa •••• 4242' }).click();
    const modal = page.getByTestId('delete-card-modal');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Angra' }).click();
    await expect(modal).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await visa.getByRole('button', { name: 'Strika Visa •••• 4242' }).click();
    await modal.getByRole('button', { name: 'Strika' }).click();
    await expect(page.getByText('Kortið er strikað.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`•••• ${own.last4}`);
    const afterDelete = await listViaApi(request, user);
    expect(afterDelete.items.map((m) => m.id)).toEqual([own.id]);
  });

  test('a declined card shows the error on the hosted page and back in the app', async ({
    signedIn: page,
    user,
    request,
  }) => {
    await page.goto('/profile/payment-methods');
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Legg gjaldskort afturat' }).click();
    await enterCardOnHostedPage(page, '4000 0000 0000 0002');

    // The page stays, with the spec's text, so another card can be tried.
    await expect(
      page.getByText(
        'Gjaldið miseydnaðist (kanna kortnummarið). · Payment unsuccessful (check the card number).',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/api\/sim\/gateway\/checkout\//);

    // Back in the app without a saved card, the app tells why.
    await page.goto('/profile/payment-methods');
    await expect(page.getByTestId('card-session-error')).toHaveText(
      'Gjaldið miseydnaðist (kanna kortnummarið).',
    );
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();
    expect((await listViaApi(request, user)).items).toEqual([]);
    // Read once: it does not come back on the next visit.
    await page.getByRole('button', { name: 'Lat boðini aftur' }).click();
    await page.reload();
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();
    await expect(page.getByTestId('card-session-error')).toHaveCount(0);
  });

  test('add a provider card by number and PIN, and create and edit the payment agreement', async ({
    signedIn: page,
    user,
    request,
  }) => {
    const { number, pin } = SEEDED_OWN_CARDS.pin;
    await page.goto('/profile/payment-methods');

    await page.getByRole('link', { name: /Legg Støðkort afturat/ }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods\/stodkort\/add$/);
    const form = page.getByTestId('own-card-add-form');
    const submit = form.getByRole('button', { name: 'Legg kortið afturat' });
    await form.getByLabel('Kortnummar').fill(withWrongCheckDigit(number));
    await submit.click();
    await expect(form.getByText('Kortnummarið er ikki gildigt.')).toBeVisible();
    await expect(form.getByText('PIN-kotan skal vera 4 tøl.')).toBeVisible();

    // A number with a valid check digit is not enough: the card must exist at the issuer.
    await form.getByLabel('Kortnummar').fill(ownCardNumber());
    await form.getByLabel('PIN-kota', { exact: true }).fill('1234');
    await submit.click();
    await expect(form.getByText('Vit funnu einki kort við hesum nummari.')).toBeVisible();
    await form.getByLabel('Kortnummar').fill(SEEDED_OWN_CARDS.blocked.number);
    await form.getByLabel('PIN-kota', { exact: true }).fill(SEEDED_OWN_CARDS.blocked.pin);
    await submit.click();
    await expect(form.getByText('Kortið er sperrað. Set teg í samband við okkum.')).toBeVisible();

    await form.getByLabel('Kortnummar').fill(number);
    await expect(form.getByLabel('Kortnummar')).toHaveValue(
      number.replace(/(\d{4})(?=\d)/g, '$1 '),
    );
    await form.getByLabel('Navn á kortinum (valfrítt)').fill('Arbeiðsbilurin');
    await form.getByLabel('PIN-kota', { exact: true }).fill('9999');
    await submit.click();
    await expect(form.getByText('PIN-kotan er skeiv.')).toBeVisible();
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-own-card-wrong-pin', true));
    await expectAccessible(page);
    await form.getByLabel('PIN-kota', { exact: true }).fill(pin);
    await submit.click();

    await expect(page).toHaveURL(/\/profile\/payment-methods\/stodkort\/add\/complete$/);
    await expect(page.getByTestId('own-card-done-title')).toHaveText('Støðkortið er lagt afturat');
    await expect(page.getByTestId('card-face')).toContainText('Arbeiðsbilurin');
    await expect(page.getByTestId('card-face')).toContainText(`•••• ${number.slice(-4)}`);
    await expect(page.getByText('Kortið er virkið og klárt at brúka.')).toBeVisible();
    await closeToasts(page);
    await page.screenshot(shot('wallet-own-card-added', true));
    await page.getByRole('link', { name: 'Til gjaldhættirnar' }).click();
    const row = page.getByTestId('payment-method').filter({ hasText: 'Arbeiðsbilurin' });
    await expect(row).toBeVisible();
    // The provider's card buys fuel, washes and charging, not food.
    const products = row.getByRole('list', { name: 'Kann gjalda fyri' });
    await expect(products).toContainText('Brennievni');
    await expect(products).toContainText('Lading');
    await expect(products).not.toContainText('Matur');

    // The payment agreement: validated with the domain's schema, then saved.
    await page.getByRole('link', { name: /Stovna gjaldsavtalu/ }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods\/agreement$/);
    const agreement = page.getByTestId('agreement-form');
    await expect(agreement.getByLabel('Fulla navn')).toHaveValue(user.name);
    await expect(agreement.getByLabel('Teldubústaður')).toHaveValue(user.email);
    await agreement.getByLabel('Skrásetingarnummar').fill('64');
    await agreement.getByLabel('Kontonummar').fill('12345678901');
    await agreement.getByRole('button', { name: 'Stovna gjaldsavtalu' }).click();
    await expect(agreement.getByText('Skrásetingarnummarið skal vera 4 tøl.')).toBeVisible();
    await expect(agreement.getByText('Kontonummarið skal vera í mesta lagi 10 tøl.')).toBeVisible();
    await agreement.getByLabel('Skrásetingarnummar').fill('6460');
    await agreement.getByLabel('Kontonummar').fill('1234567890');
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-agreement-form', true));
    await agreement.getByRole('button', { name: 'Stovna gjaldsavtalu' }).click();
    await expect(page.getByText('Gjaldsavtalan er stovnað.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);
    await expect(page.getByRole('link', { name: /Reg\. 6460 · kontonr\. ••••7890/ })).toBeVisible();

    // Editing on /profile/agreement: an empty account number keeps the saved one.
    await page.goto('/profile/agreement');
    await expect(agreement.getByLabel('Skrásetingarnummar')).toHaveValue('6460');
    await expect(
      agreement.getByText('Nú ••••7890. Lat teigin standa tóman fyri at varðveita tað.'),
    ).toBeVisible();
    await agreement.getByLabel('Telefonnummar').fill('+298 555555');
    await agreement.getByRole('button', { name: 'Goym broytingar' }).click();
    await expect(page.getByText('Gjaldsavtalan er broytt.')).toBeVisible();
    expect((await listViaApi(request, user)).agreement?.accountNumberMasked).toBe('••••7890');
    await closeToasts(page);
    await page.goto('/profile/agreement');
    await agreement.getByLabel('Kontonummar').fill('12ab');
    await agreement.getByRole('button', { name: 'Goym broytingar' }).click();
    await expect(agreement.getByText('Kontonummarið skal vera í mesta lagi 10 tøl.')).toBeVisible();
    await agreement.getByLabel('Kontonummar').fill('555 1234');
    await agreement.getByRole('button', { name: 'Goym broytingar' }).click();
    await expect(page.getByText('Gjaldsavtalan er broytt.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/agreement$/);
    expect((await listViaApi(request, user)).agreement?.accountNumberMasked).toBe('••••1234');
  });

  test('add a provider card with a code sent to its holder', async ({
    signedIn: page,
    user,
    request,
  }) => {
    const { number, phone } = SEEDED_OWN_CARDS.code;
    await page.goto('/profile/payment-methods/stodkort/add');
    const form = page.getByTestId('own-card-add-form');
    await form.getByLabel('Kortnummar').fill(number);
    await form.getByRole('radio', { name: 'Send mær eina kotu' }).click();
    await expect(form.getByLabel('PIN-kota', { exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Send kotu við SMS' }).click();
    await expect(form.getByText('Vit hava sent eina kotu til •• •• 22.')).toBeVisible();
    const code = await codeSentTo(request, phone);

    await form.getByLabel('Kota', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: 'Legg kortið afturat' }).click();
    await expect(form.getByText('Kotan er skeiv ella útgingin.')).toBeVisible();
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('wallet-own-card-code', true));
    await expectAccessible(page);

    await form.getByLabel('Kota', { exact: true }).fill(code);
    await form.getByRole('button', { name: 'Legg kortið afturat' }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods\/stodkort\/add\/complete$/);
    await expect(page.getByTestId('card-face')).toContainText(`•••• ${number.slice(-4)}`);
    expect((await listViaApi(request, user)).items.map((m) => m.last4)).toEqual([number.slice(-4)]);
  });

  test("another user's card, or none, shows 'not found'", async ({ signedIn: page, request }) => {
    const owner = await registerViaApi(request, 'owner');
    const card = await addOwnCardViaApi(request, owner);
    // The signed-in user is another.
    await page.goto(`/profile/payment-methods/${card.id}`);
    await expect(page.getByTestId('payment-method-missing')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kortið finst ikki' })).toBeVisible();
    await page.goto(`/profile/payment-methods/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Kortið finst ikki' })).toBeVisible();
  });
});

test('refuelling and washing without a payment method lead to the no-payment screens', async ({
  signedIn: page,
  user,
  request,
}) => {
  const stations = await request.get('/api/stations/stod?service=carwash');
  const station = ((await stations.json()) as { items: { id: number }[] }).items[0]!;
  await page.goto(`/fuel/stations/${String(station.id)}`);
  await expect(page).toHaveURL(/\/fuel\/stations\/no-payment$/);
  await page.goto(`/carwash/stations/${String(station.id)}`);
  await expect(page).toHaveURL(/\/carwash\/stations\/no-payment$/);

  await addOwnCardViaApi(request, user);
  await page.goto(`/fuel/stations/${String(station.id)}`);
  await expect(page.getByTestId('pump-grid')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(station.id)}$`));
});

test.describe('the card gateway page', () => {
  test('fits a phone, and cancelling goes back to the app without an error', async ({
    signedIn: page,
  }) => {
    await page.goto('/profile/payment-methods');
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Legg gjaldskort afturat' }).click();
    await expect(page).toHaveURL(/\/api\/sim\/gateway\/checkout\//);
    await page.evaluate(() => document.fonts.ready);
    // Nothing wider than the screen, and it opens at its left edge.
    const fit = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      scrollX: window.scrollX,
    }));
    expect(fit).toEqual({ overflow: 0, scrollX: 0 });
    await expectAccessible(page);
    await page.screenshot(shot('gateway-hosted-page'));

    await page.getByRole('button', { name: /Angra/ }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);
    await expect(page.getByTestId('payment-methods-empty')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Tað eydnaðist ikki', { exact: false })).toHaveCount(0);
  });
});
