import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn } from './fixtures.ts';
import { expect, test } from './test.ts';

interface SeededStation {
  id: number;
  name: string;
  location: { lat: number; lng: number };
  services: string[];
}

async function seededStations(request: APIRequestContext): Promise<SeededStation[]> {
  const response = await request.get('/api/stations/stod');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: SeededStation[] }).items;
}

async function seeded(request: APIRequestContext, name: string): Promise<SeededStation> {
  const station = (await seededStations(request)).find((s) => s.name === name);
  expect(station, name).toBeDefined();
  return station!;
}

/** There is no internet here: tiles fail at once instead of waiting on the network. */
async function noTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

const FAROESE_ORDER = [
  'Støð Argir',
  'Støð Eiði',
  'Støð Fuglafjørður',
  'Støð Hoyvík',
  'Støð Hvalba',
  'Støð Hvalvík',
  'Støð Klaksvík',
  'Støð Klaksvík Norður',
  'Støð Kollafjørður',
  'Støð Kvívík',
  'Støð Leirvík',
  'Støð Miðvágur',
  'Støð Norðragøta',
  'Støð Runavík',
  'Støð Saltangará',
  'Støð Sandavágur',
  'Støð Sandur',
  'Støð Skopun',
  'Støð Strendur',
  'Støð Sundsvegur',
  'Støð Sørvágur',
  'Støð Tórshavn Miðbýur',
  'Støð Tvøroyri',
  'Støð Vágur',
  'Støð Vestmanna',
  'Støð Viðareiði',
];

const rows = (page: Page) => page.getByTestId('station-row');
const rowNames = (page: Page) => rows(page).getByTestId('station-name').allTextContents();
/** Stations on the map: single markers plus the stations inside each group marker. */
const stationsOnMap = (page: Page) =>
  page.evaluate(() => {
    const single = document.querySelectorAll('[data-testid="station-marker"]').length;
    const grouped = [...document.querySelectorAll('[data-testid="station-cluster"]')].reduce(
      (sum, el) => sum + Number(el.getAttribute('data-count')),
      0,
    );
    return single + grouped;
  });

const km = (text: string) => Number(text.replace(' km', '').replace(',', '.'));

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test('the list sorts by name, and by distance once the location is known', async ({
  page,
  context,
  request,
}) => {
  const all = await seededStations(request);
  const vagur = all.find((s) => s.name === 'Støð Vágur')!;
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: vagur.location.lat, longitude: vagur.location.lng });

  await page.goto('/stations');
  await expect(rows(page)).toHaveCount(all.length);
  await expect(page.getByRole('radio', { name: 'Navn' })).toBeChecked();
  // Faroese order: ø after the Latin letters (Sørvágur after Sundsvegur), not as English sorts.
  expect(await rowNames(page)).toEqual(FAROESE_ORDER);

  await page.getByRole('radio', { name: 'Fjarstøða' }).click();
  await expect(page.getByRole('radio', { name: 'Fjarstøða' })).toBeChecked();
  await expect(rows(page).first().getByTestId('station-name')).toHaveText('Støð Vágur');
  await expect(rows(page).first().getByTestId('station-distance')).toHaveText('0,00 km');
  const distances = (await rows(page).getByTestId('station-distance').allTextContents()).map(km);
  expect(distances).toHaveLength(all.length);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  // Suðuroy first, then northwards.
  expect((await rowNames(page)).slice(0, 3)).toEqual([
    'Støð Vágur',
    'Støð Tvøroyri',
    'Støð Hvalba',
  ]);

  // By services: the stations with fuel, car wash and food come first.
  await page.getByRole('radio', { name: 'Tænastur' }).click();
  const first = rows(page).first();
  await expect(first.getByText('Bilvask', { exact: true })).toHaveCount(1);
  await expect(first.getByText('Matur', { exact: true })).toHaveCount(1);
});

test('a station opens in a sheet from the list and from a map marker', async ({
  page,
  request,
}) => {
  const klaksvik = await seeded(request, 'Støð Klaksvík');
  await page.goto('/stations');
  await rows(page).filter({ hasText: 'Støð Klaksvík' }).first().click();
  const sheet = page.getByRole('dialog', { name: 'Støð Klaksvík' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Klaksvíksvegur 80, 700 Klaksvík')).toBeVisible();
  await expect(sheet.getByTestId('open-status')).toHaveText(
    /^(Opið・Steingir kl\. \d\d:\d\d|Stongt・opnar kl\. \d\d:\d\d|Stongt)$/,
  );
  await expect(sheet.getByText('Blýfrítt 95')).toBeVisible();
  await expect(sheet.getByText(/^\d+,\d\d kr\.\/l$/).first()).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Tanka her' })).toHaveAttribute(
    'href',
    `/fuel/stations/${String(klaksvik.id)}`,
  );
  await expect(sheet.getByRole('link', { name: 'Vaska bilin her' })).toHaveAttribute(
    'href',
    `/carwash/stations/${String(klaksvik.id)}`,
  );
  await expect(sheet.getByRole('link', { name: 'Bílegg mat her' })).toHaveAttribute(
    'href',
    `/food-order/stations/${String(klaksvik.id)}`,
  );
  await expect(sheet.getByRole('link', { name: 'Vís vegin hagar' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=62.2266,-6.589',
  );
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The same sheet from the map (tiles fail here: the markers are there all the same).
  await page.getByRole('button', { name: 'Kort' }).click();
  await expect(page.getByTestId('station-map')).toBeVisible();
  await expect.poll(() => stationsOnMap(page)).toBe(26);
  await page.getByRole('button', { name: 'Støð Eiði', exact: true }).click();
  const eidi = page.getByRole('dialog', { name: 'Støð Eiði' });
  await expect(eidi).toBeVisible();
  await expect(eidi.getByText('Eiðisvegur 4, 470 Eiði')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(eidi).toBeHidden();

  // Stations closer than a touch target are one group; it zooms in to show them apart.
  const single = await page.getByTestId('station-marker').count();
  const group = page.getByTestId('station-cluster').first();
  expect(Number(await group.getAttribute('data-count'))).toBeGreaterThan(1);
  await group.click();
  await expect.poll(() => page.getByTestId('station-marker').count()).toBeGreaterThan(single);
});

test('markers take the colour of the listed service', async ({ signedIn: page, request }) => {
  await page.goto('/carwash/stations');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Kort' }).click();
  const marker = page.getByTestId('station-marker').first();
  await expect(marker).toBeVisible();
  // The car-wash colour from GET /api/stations/stod-product-colors.
  await expect(marker.locator('.station-marker-dot')).toHaveCSS(
    'background-color',
    'rgb(29, 78, 216)',
  );
  const withCarwash = (await seededStations(request)).filter((s) => s.services.includes('carwash'));
  await expect.poll(() => stationsOnMap(page)).toBe(withCarwash.length);
});

for (const [label, metres, opens] of [
  ['50 m from a station opens it', 0.00045, true],
  ['200 m from a station keeps the list', 0.0018, false],
] as const) {
  // Refuelling needs a payment method; without one the flow sends the user to add one.
  test(`going from home to refuel ${label}`, async ({
    page,
    context,
    request,
    userWithOwnCard: user,
  }) => {
    const klaksvik = await seeded(request, 'Støð Klaksvík');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({
      latitude: klaksvik.location.lat + metres,
      longitude: klaksvik.location.lng,
    });
    await openSignedIn(page, user, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByRole('link', { name: /^Tanka/ }).click();
    if (opens) {
      await expect(page).toHaveURL(new RegExp(`/fuel/stations/${String(klaksvik.id)}$`));
      await expect(page.getByRole('heading', { name: 'Vel pumpu', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Støð Klaksvík', level: 2 })).toBeVisible();
    } else {
      await expect(page.getByTestId('station-list')).toBeVisible();
      await expect(page).toHaveURL(/\/fuel\/stations$/);
      await expect(rows(page).first()).toBeVisible();
    }
  });
}

test('the list is kept alive: scroll, sort and the open sheet survive a trip away', async ({
  page,
  userWithOwnCard: user,
}) => {
  await openSignedIn(page, user, '/stations');
  await expect(rows(page)).toHaveCount(26);
  await page.getByRole('radio', { name: 'Tænastur' }).click();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

  // The row in the middle of the screen.
  const id = await page.evaluate(() => {
    const row = document.elementFromPoint(195, 500)?.closest('[data-testid="station-row"]');
    return row?.getAttribute('data-station-id') ?? null;
  });
  expect(id).not.toBeNull();
  await page.locator(`[data-testid="station-row"][data-station-id="${id!}"]`).click();
  const sheet = page.getByTestId('station-sheet');
  await expect(sheet).toBeVisible();
  const name = await sheet.getByRole('heading', { level: 2 }).textContent();

  await sheet.getByRole('link', { name: 'Tanka her' }).click();
  await expect(page).toHaveURL(new RegExp(`/fuel/stations/${id!}$`));
  await expect(
    page.getByTestId('fuel-station-heading').getByRole('heading', { name: name! }),
  ).toBeVisible();
  await expect(sheet).toBeHidden();

  await page.goBack();
  await expect(page).toHaveURL(/\/stations$/);
  await expect(page.getByRole('dialog', { name: name! })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
  await expect(page.getByRole('radio', { name: 'Tænastur' })).toBeChecked();

  // The map mode survives too.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Kort' }).click();
  await expect(page.getByTestId('station-map')).toBeVisible();
  await page.getByTestId('header-back').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: /^Støðir/ }).click();
  await expect(page).toHaveURL(/\/stations$/);
  await expect(page.getByTestId('station-map')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kort' })).toHaveAttribute('aria-pressed', 'true');
});

test('a guest on the web reaches /stations but not /fuel/stations', async ({ page }) => {
  await page.goto('/stations');
  await expect(page.getByRole('heading', { name: 'Støðir', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await page.goto('/food-order/stations');
  await expect(page.getByRole('heading', { name: 'Vel støð', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await page.goto('/fuel/stations');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffuel%2Fstations$/);
  await page.goto('/carwash/stations');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcarwash%2Fstations$/);
});

test('failures: the toast only for a signed-in user, and the merge stops without the provider', async ({
  page,
  user,
}) => {
  // A guest: the list's error state with a retry, and no toast.
  await page.route(/\/api\/stations\/stod$/, (route) =>
    route.fulfill({
      status: 500,
      json: { statusCode: 500, code: 'INTERNAL', message: 'Okkurt gekk galið.' },
    }),
  );
  await page.goto('/stations');
  await expect(
    page.getByRole('heading', { name: 'Tað eydnaðist ikki at heinta støðir' }),
  ).toBeVisible();
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
  await page.unroute(/\/api\/stations\/stod$/);
  await page.getByRole('button', { name: 'Royn aftur' }).click();
  await expect(rows(page)).toHaveCount(26);

  // Signed in, with the provider's list failing: a toast, the stations, but no provider data.
  await page.route(/\/api\/stations$/, (route) =>
    route.fulfill({
      status: 503,
      json: { statusCode: 503, code: 'PROVIDER_UNAVAILABLE', message: 'Unavailable' },
    }),
  );
  await openSignedIn(page, user, '/stations');
  await expect(page.getByTestId('toast-error')).toHaveText(/Tað eydnaðist ikki at heinta støðir/);
  await expect(rows(page)).toHaveCount(26);
  await rows(page).filter({ hasText: 'Støð Eiði' }).click();
  const eidi = page.getByRole('dialog', { name: 'Støð Eiði' });
  await expect(eidi.getByText('Blýfrítt 95')).toBeVisible();
  await expect(eidi.getByText('Gjald í appini er ikki møguligt á hesi støðini enn.')).toHaveCount(
    0,
  );

  // With the provider back, its data is merged: this station takes no payment in the app yet.
  await page.unroute(/\/api\/stations$/);
  await page.reload();
  await rows(page).filter({ hasText: 'Støð Eiði' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Støð Eiði' })
      .getByText('Gjald í appini er ikki møguligt á hesi støðini enn.'),
  ).toBeVisible();
});

test('no payment method: the way to add one', async ({ signedIn: page }) => {
  await page.goto('/fuel/stations/no-payment');
  await expect(page.getByRole('heading', { name: 'Tú manglar ein gjaldhátt' })).toBeVisible();
  await expect(page.getByText(/Fyri at tanka við appini/)).toBeVisible();
  await page.getByRole('link', { name: 'Legg gjaldhátt afturat' }).click();
  await expect(page).toHaveURL(/\/profile\/payment-methods$/);
  await page.goto('/carwash/stations/no-payment');
  await expect(page.getByText(/Fyri at vaska bilin við appini/)).toBeVisible();
});

test('screenshots of the list, the map and the sheet at 390×844', async ({
  signedIn: page,
  context,
  request,
}) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  const shot = (name: string) => ({
    path: fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url)),
    animations: 'disabled' as const,
  });
  const torshavn = await seeded(request, 'Støð Tórshavn Miðbýur');
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({
    latitude: torshavn.location.lat + 0.004,
    longitude: torshavn.location.lng + 0.004,
  });
  await page.goto('/stations');
  // The list first, so that the choice is not made on a screen still loading.
  await expect(rows(page)).toHaveCount(FAROESE_ORDER.length);
  await page.getByRole('radio', { name: 'Fjarstøða' }).click();
  await expect(page.getByRole('radio', { name: 'Fjarstøða' })).toBeChecked();
  await expect(rows(page).first().getByTestId('station-name')).toHaveText('Støð Tórshavn Miðbýur');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot(shot('stations-list'));

  await rows(page).first().click();
  await expect(page.getByRole('dialog', { name: 'Støð Tórshavn Miðbýur' })).toBeVisible();
  await page.screenshot(shot('stations-sheet'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Kort' }).click();
  await expect(
    page.getByRole('button', { name: 'Støð Tórshavn Miðbýur', exact: true }),
  ).toBeVisible();
  await page.screenshot(shot('stations-map'));
});

test('the list, the sheet and the map meet WCAG AA', async ({ signedIn: page }) => {
  await page.goto('/food-order/stations');
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);
  await rows(page).first().click();
  await expect(page.getByTestId('station-sheet')).toBeVisible();
  // The sheet's entry animation has to settle before colours can be measured.
  await expect(page.getByTestId('station-sheet')).toHaveCSS('opacity', '1');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Kort' }).click();
  await expect(page.getByTestId('station-marker').first()).toBeVisible();
  await expectAccessible(page);
});
