import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn, signInViaUi, type TestUser } from './fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };
const DEMO_RECEIPTS = 22;
const PDF = '**/api/receipts/*/pdf';
const DOWNLOAD_FAILED = 'Tað eydnaðist ikki at heinta kvittanina.';

/** The seeded demo user, signed in through the API (the journey test signs in on screen). */
async function demoUser(request: APIRequestContext): Promise<TestUser> {
  const response = await request.post('/api/auth/signIn', { data: DEMO });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { ...DEMO, name: 'Jógvan Joensen', token };
}

const rowsOf = (page: Page, type?: string) =>
  page.locator(
    type ? `[data-testid="receipt-row"][data-type="${type}"]` : '[data-testid="receipt-row"]',
  );

/** Opens the first listed receipt of a type and answers its id. */
async function openFirst(page: Page, type: string): Promise<string> {
  await rowsOf(page, type).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/profile\/receipts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('receipt-paper')).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const paper = page.getByTestId('receipt-paper');
  await expect(paper.getByRole('heading', { name: 'Støð', level: 2 })).toBeVisible();
  await expect(paper).toContainText(`Kvittan ${id}`);
  await expect(paper.locator('time')).toHaveText(/^\d{2}\. [a-z]{3}\. \d{4} kl\. \d{2}\.\d{2}$/);
  // Totals and footer are the same on every receipt, as on the PDF.
  const totals = paper.getByRole('table', { name: 'Tilsamans og MVG' });
  await expect(totals.getByRole('row', { name: /^Tilsamans [\d.]+,\d{2} kr\.$/ })).toBeVisible();
  await expect(totals.getByRole('row', { name: /^MVG \(25%\) [\d.]+,\d{2} kr\.$/ })).toBeVisible();
  await expect(paper).toContainText('Støð P/F');
  await expect(paper).toContainText('Havnarvegur 1, 100 Tórshavn');
  await expect(paper.getByRole('link', { name: '+298 30 00 00' })).toHaveAttribute(
    'href',
    'tel:+298300000',
  );
  await expect(paper.getByRole('link', { name: 'hjalp@stod.example' })).toBeVisible();
  await expect(paper).toContainText('V-tal 123456');
  return id;
}

async function backToList(page: Page) {
  await page.getByTestId('header-back').click();
  await expect(page).toHaveURL(/\/profile\/receipts$/);
  await expect(rowsOf(page)).toHaveCount(DEMO_RECEIPTS);
}

test.describe('receipts', () => {
  test('page through the receipts and open one of each type', async ({ page }) => {
    await page.goto('/');
    await signInViaUi(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Kvittanir' }).click();
    await expect(page).toHaveURL(/\/profile\/receipts$/);
    await expect(page.getByRole('heading', { name: 'Kvittanir', level: 1 })).toBeVisible();

    // The first page: ten receipts, newest first, each with its date, amount and product.
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(10);
    await expect(page.getByText(`10 av ${String(DEMO_RECEIPTS)} kvittanum`)).toBeVisible();
    const first = rows.first();
    await expect(first).toContainText(/\d{2}\. [a-z]{3}\. \d{4} kl\. \d{2}\.\d{2}/);
    await expect(first).toContainText(/[\d.]+,\d{2} kr\./);
    await expect(rowsOf(page, 'Fuel').first()).toContainText('Brennievni · Blýfrítt 95');
    await expect(rowsOf(page, 'Charge').first()).toContainText('Støð');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('receipts-list'));
    await expectAccessible(page);

    // A failed page says so and keeps the button to try again.
    const secondPage = (url: URL) =>
      url.pathname === '/api/receipts' && url.searchParams.get('offset') === '10';
    await page.route(secondPage, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Feilur' }),
      }),
    );
    const more = page.getByRole('button', { name: 'Vís fleiri' });
    await more.click();
    await expect(page.getByTestId('receipts-more-error')).toContainText(
      'Tað eydnaðist ikki at heinta fleiri kvittanir.',
    );
    await expect(rows).toHaveCount(10);
    await page.unroute(secondPage);

    // Load more until every receipt is there; each new page takes the focus to its first row.
    await more.click();
    await expect(rows).toHaveCount(20);
    await expect(page.getByTestId('receipts-more-error')).toHaveCount(0);
    await expect(rows.nth(10).getByRole('link')).toBeFocused();
    await more.click();
    await expect(rows).toHaveCount(DEMO_RECEIPTS);
    await expect(more).toHaveCount(0);
    await expect(rows.nth(20).getByRole('link')).toBeFocused();
    await expect(
      page.getByText(`${String(DEMO_RECEIPTS)} av ${String(DEMO_RECEIPTS)} kvittanum`),
    ).toBeVisible();
    for (const type of ['Fuel', 'Carwash', 'Charge', 'Food']) {
      await expect(rowsOf(page, type).first()).toBeVisible();
    }

    // Newest first, across pages.
    const times = await rows
      .locator('time')
      .evaluateAll((nodes) => nodes.map((n) => Date.parse(n.getAttribute('datetime') ?? '')));
    expect(times).toHaveLength(DEMO_RECEIPTS);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Fuel: the Faroese product name, litres and the price per litre.
    await openFirst(page, 'Fuel');
    const lines = page.getByRole('table', { name: 'Vørur' });
    await expect(lines.getByRole('rowheader', { name: 'Blýfrítt 95' })).toBeVisible();
    await expect(lines.getByRole('row', { name: /^Litrar \d+,\d{3} L$/ })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Prís pr. litur 11,89 kr.' })).toBeVisible();
    await expect(page.getByText('MVG (25%)')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('receipt-detail-fuel', true));
    await expectAccessible(page);
    await backToList(page);

    // Car wash: the product plus 'bilvask'.
    await openFirst(page, 'Carwash');
    await expect(
      page.getByRole('table', { name: 'Vørur' }).getByRole('rowheader', { name: / bilvask$/ }),
    ).toBeVisible();
    await expect(page.getByTestId('receipt-point-of-sale')).toHaveText('Støð Hoyvík');
    await page.screenshot(shot('receipt-detail-carwash', true));
    await backToList(page);

    // Charging: kWh and minutes, the total time; no station, so the provider is the point of sale.
    await openFirst(page, 'Charge');
    const charge = page.getByRole('table', { name: 'Vørur' });
    await expect(charge.getByRole('rowheader', { name: 'Streymur' })).toBeVisible();
    await expect(
      charge.getByRole('rowheader', { name: /^\d+,\d{2} kWh × 3,50 kr\.$/ }),
    ).toBeVisible();
    await expect(charge.getByRole('rowheader', { name: 'Parkering' })).toBeVisible();
    await expect(charge.getByRole('rowheader', { name: '45 min. × 3,00 kr.' })).toBeVisible();
    await expect(charge.getByRole('row', { name: 'Tíð í alt 95 min.' })).toBeVisible();
    // The brand heads the receipt once; it is not printed again as the point of sale.
    await expect(page.getByTestId('receipt-point-of-sale')).toHaveCount(0);
    await expect(page.getByTestId('receipt-paper').getByText('Støð', { exact: true })).toHaveCount(
      1,
    );
    await page.screenshot(shot('receipt-detail-charge', true));
    await backToList(page);

    // Food: the offer with its items, added and removed ingredients, and a single product.
    await openFirst(page, 'Food');
    const food = page.getByRole('table', { name: 'Vørur' });
    await expect(food.getByRole('row', { name: '2 × Burgaratilboð 218,00 kr.' })).toBeVisible();
    await expect(food.getByRole('row', { name: '1 × Burgari 89,00 kr.' })).toBeVisible();
    await expect(food.getByRole('row', { name: '+ Ostur 5,00 kr.' })).toBeVisible();
    await expect(food.getByRole('rowheader', { name: '- Leykur' })).toBeVisible();
    await expect(food.getByRole('row', { name: '1 × Pylsa í breyði 35,00 kr.' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('receipt-detail-food', true));
    await expectAccessible(page);
  });

  test('download the PDF, and say so when it fails', async ({ page, request }) => {
    await openSignedIn(page, await demoUser(request), '/profile/receipts');
    await expect(rowsOf(page)).toHaveCount(10);

    // From a row of the list.
    const fromRow = page.waitForEvent('download');
    await rowsOf(page)
      .first()
      .getByRole('button', { name: /^Heinta PDF: / })
      .click();
    const rowDownload = await fromRow;
    expect(rowDownload.suggestedFilename()).toMatch(/^kvittan-[0-9a-f]{8}\.pdf$/);

    // From the receipt: the button shows that it works and cannot be pressed twice meanwhile.
    const id = await openFirst(page, 'Fuel');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(PDF, async (route) => {
      await held;
      await route.continue();
    });
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Heinta PDF' }).click();
    const busy = page.getByRole('button', { name: 'Heintar kvittanina…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`kvittan-${id.slice(0, 8)}.pdf`);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(page.getByRole('button', { name: 'Heinta PDF' })).toBeEnabled();
    await page.unroute(PDF);

    // A server error and a lost connection both end in the spec §8 toast, and no file.
    let files = 0;
    page.on('download', () => (files += 1));
    await page.route(PDF, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Feilur' }),
      }),
    );
    await page.getByRole('button', { name: 'Heinta PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED })).toBeVisible();
    await page.screenshot(shot('receipt-download-failed'));
    await closeToasts(page);
    await page.unroute(PDF);

    await page.route(PDF, (route) => route.abort('internetdisconnected'));
    await expect(page.getByRole('button', { name: 'Heinta PDF' })).toBeEnabled();
    await page.getByRole('button', { name: 'Heinta PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Heinta PDF' })).toBeEnabled();
    expect(files).toBe(0);
  });

  test('an unknown receipt shows the not-found state', async ({ page, request }) => {
    const user = await demoUser(request);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-receipt']) {
      await openSignedIn(page, user, `/profile/receipts/${id}`);
      const missing = page.getByTestId('receipt-missing');
      await expect(missing.getByRole('heading', { name: 'Kvittanin finst ikki' })).toBeVisible();
    }
    await page.screenshot(shot('receipt-not-found'));
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Til kvittanirnar' }).click();
    await expect(page).toHaveURL(/\/profile\/receipts$/);
    await expect(rowsOf(page)).toHaveCount(10);
  });

  test('in English, the receipt and its failure speak English', async ({ page, request }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('stod_locale', 'en'));
    await openSignedIn(page, await demoUser(request), '/profile/receipts');
    await expect(page.getByRole('heading', { name: 'Receipts', level: 1 })).toBeVisible();
    await expect(page.getByText(`10 of ${String(DEMO_RECEIPTS)} receipts`)).toBeVisible();
    await expect(rowsOf(page, 'Fuel').first()).toContainText('Fuel · Blýfrítt 95');
    await rowsOf(page, 'Fuel').first().getByRole('link').click();
    const paper = page.getByTestId('receipt-paper');
    await expect(paper.locator('time')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    const lines = paper.getByRole('table', { name: 'Items' });
    await expect(lines.getByRole('row', { name: 'Price per litre 11,89 kr.' })).toBeVisible();
    const totals = paper.getByRole('table', { name: 'Total and VAT' });
    await expect(totals.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible();
    await expect(totals.getByRole('rowheader', { name: 'MVG (25%)' })).toBeVisible();
    await page.route(PDF, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to download receipt.' }),
    ).toBeVisible();
  });

  test('a new user has no receipts; a failed list offers to try again', async ({
    signedIn: page,
  }) => {
    const list = (url: URL) => url.pathname === '/api/receipts';
    await page.route(list, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Feilur' }),
      }),
    );
    await page.goto('/profile/receipts');
    const failed = page.getByTestId('receipts-error');
    await expect(
      failed.getByRole('heading', { name: 'Tað eydnaðist ikki at heinta kvittanirnar.' }),
    ).toBeVisible();
    await page.unroute(list);
    await failed.getByRole('button', { name: 'Royn aftur' }).click();
    const empty = page.getByTestId('receipts-empty');
    await expect(empty.getByRole('heading', { name: 'Ongar kvittanir enn' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('receipts-empty'));
    await expectAccessible(page);
  });

  test('the list shows a long station name whole at 390 px', async ({ page, request }) => {
    const long = 'Støð Kirkjubøur og Velbastaður við Hoyvíksvegin';
    const firstPage = (url: URL) =>
      url.pathname === '/api/receipts' && url.searchParams.get('offset') === '0';
    // The server's own first page, with one station name longer than any seeded one.
    await page.route(firstPage, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: { stationName: string | null }[] };
      body.items[0]!.stationName = long;
      await route.fulfill({ response, json: body });
    });
    await openSignedIn(page, await demoUser(request), '/profile/receipts');
    const name = rowsOf(page).first().getByTestId('receipt-row-point-of-sale');
    await expect(name).toHaveText(long);
    const fits = await name.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
    );
    expect(fits).toBe(true);
    // Whole means wrapped here: more than one line, and still inside the row.
    const box = (await name.boundingBox())!;
    expect(box.height).toBeGreaterThan(30);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('receipts-long-name'));
  });
});
