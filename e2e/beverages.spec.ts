import { randomUUID } from 'node:crypto';
import { toBuffer } from 'qrcode';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn, type TestUser } from './fixtures.ts';
import { auth } from './food-fixtures.ts';
import { launchWith } from './launch.ts';
import { FAKE_CAMERA_ARGS, showOnCamera } from './qr-camera.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

/** A white picture, 64×64: a photo with no code in it. */
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAAd0lEQVR4AeXBAQEAAAiAIPP/5+qHMPsIkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJkziJk7gDVToEfLfAjjsAAAAASUVORK5CYII=',
  'base64',
);

// The camera shows nothing until a test puts a machine's code in front of it.
showOnCamera(null);
test.use({ launchOptions: launchWith(...FAKE_CAMERA_ARGS) });

// Spec §7 "Beverages", §8: the coffee machine shows a code (`/{hash}`); the app pours the drink on
// the coffee subscription, or buys the cup once.

/** The code a station's coffee machine shows once a drink is chosen on it. */
async function machineCode(request: APIRequestContext, beverageFamily: string) {
  const stations = await request.get('/api/stations/stod?service=food');
  const [station] = ((await stations.json()) as { items: { id: number }[] }).items;
  const issued = await request.post('/api/dev/sim/beverage-machines', {
    data: { stationId: station!.id, beverageFamily },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const code = (await issued.json()) as { hash: string; url: string; transactionId: string };
  // What the machine prints under its QR code, as the simulator page shows it.
  const state = await request.get('/api/dev/sim/state', { params: { stationId: station!.id } });
  const { machines } = (await state.json()) as {
    machines: { transactionId: string | null; typedCode: string | null }[];
  };
  const typedCode = machines.find((m) => m.transactionId === code.transactionId)?.typedCode;
  return { ...code, typedCode: typedCode ?? '' };
}

async function subscribe(request: APIRequestContext, who: TestUser, cardId: string, plan: string) {
  const plans = await request.get('/api/subscriptions');
  const { items } = (await plans.json()) as { items: { id: number; name: string }[] };
  const chosen = items.find((p) => p.name === plan)!;
  const subscribed = await request.post(`/api/subscriptions/${String(chosen.id)}/subscribe`, {
    headers: { ...auth(who), 'Idempotency-Key': randomUUID() },
    data: { interval: 'monthly', paymentMethodId: cardId },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
}

/** The sheet the code opens over home. */
async function openCode(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await expect(page).toHaveURL(/\/home$/);
  const sheet = page.getByTestId('beverage-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

const POURED = { timeout: 30_000 };

test.describe('beverages', () => {
  test('without the camera: the code printed under the QR code, typed, and a photo of the QR code', async ({
    page,
    userWithCard: buyer,
    request,
  }) => {
    showOnCamera(null);
    await openSignedIn(page, buyer, '/home');
    const typedCode = (await machineCode(request, 'TEA')).typedCode;
    expect(typedCode).toMatch(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
    await page.getByTestId('home-scan').click();
    const scanner = page.getByTestId('scanner-sheet');
    const field = scanner.getByLabel('Kotan undir QR-kotuni');
    await field.fill('K7M');
    await scanner.getByRole('button', { name: 'Halt fram' }).click();
    await expect(scanner.getByText('Kotan hevur seks tekin, t.d. K7M 4QX.')).toBeVisible();
    await field.fill(typedCode.toLowerCase());
    await expectAccessible(page);
    await page.screenshot(shot('beverage-scanner-typed'));
    await scanner.getByRole('button', { name: 'Halt fram' }).click();
    const sheet = page.getByTestId('beverage-sheet');
    await expect(sheet.getByTestId('beverage-why')).toHaveText(
      'Tú hevur einki kaffihald. Tú kanst keypa koppin eina ferð.',
    );
    await sheet.getByRole('button', { name: 'Lat aftur' }).click();
    await expect(sheet).toBeHidden();

    // A photo of another machine's code, read by the same decoder as the camera's picture.
    const photographed = await machineCode(request, 'COFFEE');
    await page.getByTestId('home-scan').click();
    await scanner.getByTestId('scanner-photo').setInputFiles({
      name: 'qr.png',
      mimeType: 'image/png',
      buffer: await toBuffer(photographed.url, { width: 600, margin: 4 }),
    });
    await expect(page).toHaveURL(/\/home$/);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('beverage-payment')).toContainText('Visa •••• 4242');
    // A photo with no code says so, and the sheet stays for another try.
    await sheet.getByRole('button', { name: 'Lat aftur' }).click();
    await page.getByTestId('home-scan').click();
    await scanner.getByTestId('scanner-photo').setInputFiles({
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: BLANK_PNG,
    });
    await expect(scanner.getByTestId('scanner-photo-error')).toHaveText(
      'Eingin QR-kota sæst á myndini. Royn eina skarpari mynd, ella skriva kotuna.',
    );
  });

  test('a subscriber opens the machine’s code and pours on the subscription; another tier’s drink is not in it', async ({
    signedIn: page,
    userWithCard: buyer,
    request,
  }) => {
    await subscribe(request, buyer, buyer.cardId, 'Kaffi');

    // The subscription's own button opens the scanner; the camera sees the machine's code.
    const coffee = await machineCode(request, 'COFFEE');
    showOnCamera(coffee.url);
    await page.goto('/profile/subscriptions');
    await page.getByTestId('subscription-scan').click();
    await expect(page).toHaveURL(/\/home$/);
    const sheet = page.getByTestId('beverage-sheet');
    await expect(sheet.getByRole('heading', { name: 'Kaffi' })).toBeVisible();
    await expect(sheet.getByTestId('beverage-expires')).toHaveText(
      /^Kotan er galdandi í \d+:\d{2} enn$/,
    );
    await expectAccessible(page);
    await page.screenshot(shot('beverage-covered'));
    await sheet.getByTestId('beverage-pour').click();
    await expect(sheet.getByTestId('beverage-body')).toHaveAttribute('data-state', 'pouring');
    await expect(sheet.getByTestId('beverage-outcome')).toContainText('Skonkir…');
    await page.screenshot(shot('beverage-pouring'));
    await expect(sheet.getByTestId('beverage-body')).toHaveAttribute(
      'data-state',
      'poured',
      POURED,
    );
    await expect(sheet.getByTestId('beverage-outcome')).toContainText('Gott kaffi!');
    await expectAccessible(page);
    await page.screenshot(shot('beverage-poured'));
    await sheet.getByRole('button', { name: 'Liðugt' }).click();
    await expect(sheet).toBeHidden();

    // The same code again shows the cup it poured, and pours nothing more.
    await page.goto(`/${coffee.hash}`);
    const again = page.getByTestId('beverage-sheet');
    await expect(again.getByTestId('beverage-body')).toHaveAttribute('data-state', 'poured');
    await expect(again.getByTestId('beverage-pour')).toHaveCount(0);
    await again.getByRole('button', { name: 'Liðugt' }).click();
    await expect(again).toBeHidden();

    // A cappuccino is not in the first tier (§8): the sheet says so and offers the cup once.
    const special = await machineCode(request, 'COFFEE_SPECIAL');
    const other = await openCode(page, special.hash);
    await expect(other.getByTestId('beverage-why')).toHaveText(
      'Skannaði drykkurin er ikki í haldinum.',
    );
    await expect(other.getByTestId('beverage-pour')).toHaveCount(0);
    await expect(other.getByTestId('beverage-buy')).toHaveText(
      /^Keyp eina ferð fyri \d+,\d{2} kr\.$/,
    );
    await expectAccessible(page);
    await page.screenshot(shot('beverage-not-in-subscription'));
  });

  test('without a subscription, a cup is bought once with the saved 4242 card, with its receipt', async ({
    page,
    userWithCard: buyer,
    request,
  }) => {
    // Home's scanner: an empty picture, then a code that is not ours, then the machine's.
    showOnCamera(null);
    await openSignedIn(page, buyer, '/home');
    await page.getByTestId('home-scan').click();
    const scanner = page.getByTestId('scanner-sheet');
    await expect(scanner.getByTestId('scanner')).toHaveAttribute('data-state', 'scanning');
    await expectAccessible(page);
    await page.screenshot(shot('beverage-scanner'));
    await scanner.getByRole('button', { name: 'Lat aftur' }).click();
    await expect(scanner).toBeHidden();
    showOnCamera('https://example.com/abcdefghijklmnop1234');
    await page.getByTestId('home-scan').click();
    await expect(page.getByText('Hetta er ikki ein QR-kota frá okkum.')).toBeVisible();
    await expect(scanner).toBeHidden();
    await closeToasts(page);
    const code = await machineCode(request, 'TEA');
    showOnCamera(code.url);
    await page.getByTestId('home-scan').click();
    const sheet = page.getByTestId('beverage-sheet');
    await expect(sheet.getByTestId('beverage-why')).toHaveText(
      'Tú hevur einki kaffihald. Tú kanst keypa koppin eina ferð.',
    );
    await expect(sheet.getByTestId('beverage-payment')).toContainText('Visa •••• 4242');
    await expectAccessible(page);
    await page.screenshot(shot('beverage-buy-once'));
    await sheet.getByTestId('beverage-buy').click();
    await expect(sheet.getByTestId('beverage-body')).toHaveAttribute(
      'data-state',
      'poured',
      POURED,
    );
    await sheet.getByRole('link', { name: 'Vís kvittan' }).click();
    await expect(page.getByTestId('receipt-paper')).toContainText('Te');
    await expectAccessible(page);
    await page.screenshot(shot('beverage-receipt'));
  });

  test('without a card, the cup is paid on the payment page and then poured', async ({
    signedIn: page,
    request,
  }) => {
    const code = await machineCode(request, 'COFFEE');
    await page.goto(`/${code.hash}`);
    const sheet = page.getByTestId('beverage-sheet');
    await expect(sheet.getByTestId('beverage-buy')).toHaveText(
      /^Gjald \d+,\d{2} kr\. á gjaldssíðuni$/,
    );
    const [payPage] = await Promise.all([
      page.context().waitForEvent('page'),
      sheet.getByTestId('beverage-buy').click(),
    ]);
    await expect(sheet.getByTestId('beverage-body')).toHaveAttribute('data-state', 'paying');
    await expect(sheet.getByTestId('beverage-outcome')).toContainText('Bíðar eftir gjaldinum');
    await expectAccessible(page);
    await page.screenshot(shot('beverage-paying'));
    await expect(payPage).toHaveURL(/\/api\/sim\/gateway\/pay\//);
    await payPage.getByLabel('Kortnummar · Card number').fill('4242 4242 4242 4242');
    await payPage.getByLabel('Mánaður · Month').fill('12');
    await payPage.getByLabel('Ár · Year').fill(String(new Date().getFullYear() + 3));
    await payPage.getByLabel('CVC').fill('123');
    await payPage.getByRole('button', { name: /^Borga/ }).click();
    await expect(sheet.getByTestId('beverage-body')).toHaveAttribute(
      'data-state',
      'poured',
      POURED,
    );
    await expect(sheet.getByTestId('beverage-outcome')).toContainText('Gott kaffi!');
  });

  for (const camera of [
    { width: 1280, height: 720, share: 0.4 },
    { width: 1920, height: 1080, share: 0.3 },
  ]) {
    test(`the camera reads a machine's code in a phone's ${String(camera.width)}×${String(camera.height)} picture, held at arm's length`, async ({
      page,
      userWithCard: buyer,
      request,
    }) => {
      const code = await machineCode(request, 'TEA');
      showOnCamera(code.url, camera);
      await openSignedIn(page, buyer, '/home');
      await page.getByTestId('home-scan').click();
      await expect(page.getByTestId('beverage-sheet')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('scanner-sheet')).toBeHidden();
    });
  }

  test('a code that is not ours is refused in the customer’s words', async ({ signedIn: page }) => {
    await page.goto('/abcdefghijklmnop1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Hetta er ikki ein QR-kota frá okkum.')).toBeVisible();
    await expect(page.getByTestId('beverage-sheet')).toHaveCount(0);
  });
});
