import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

test.describe('the staff console', () => {
  test('an operator signs in, orders gift cards once, and sees them on issue', async ({ page }) => {
    await page.goto('/console/vouchers');
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rita inn á stýriborðið');
    await expectAccessible(page);
    await page.screenshot(shot('console-login'));

    // Empty fields are refused in the form, before any request.
    await page.getByRole('button', { name: 'Rita inn' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();

    await page.getByLabel('Teldubústaður', { exact: true }).fill(OPERATOR.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Rita inn' }).click();
    // Back where the link pointed, with the operator's whole navigation.
    await expect(page).toHaveURL(/\/console\/vouchers$/);
    await expect(page.getByTestId('console-role')).toHaveText('Rekstur');
    const nav = page.getByRole('navigation', { name: 'Stýriborð' });
    await expect(nav.getByRole('link')).toHaveText([
      'Gávukort og kupongir',
      'Kampanjur',
      'Støðir',
      // With the count of open faults beside it, when there are any.
      /^Ávaringar(\d+)?/,
      'Ladarar',
      'Kundar',
      'Hald',
      'Starvsfólk',
      'Fíggjarmál',
      'Stillingar',
      'Gerðabók',
    ]);

    const order = page.getByTestId('voucher-order');
    await order.getByLabel('Navn (føroyskt)').fill('Jólagáva 2026');
    await order.getByLabel('Navn (enskt)').fill('Christmas gift 2026');
    await order.getByLabel('Upphædd (kr.)').fill('250');
    await order.getByLabel('Tal').fill('3');
    // The expiry reads as the Faroe Islands write it (a native date field would follow the
    // browser: 11/28/2027), a year from today.
    const nextYear = new Date();
    nextYear.setFullYear(nextYear.getFullYear() + 1);
    await expect(order.getByLabel('Gildir til')).toHaveValue(
      `${String(nextYear.getDate()).padStart(2, '0')}.${String(nextYear.getMonth() + 1).padStart(2, '0')}.${String(nextYear.getFullYear())}`,
    );
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/vouchers')) posts += 1;
    });
    await order.getByRole('button', { name: 'Bílegg' }).click();
    const issued = page.getByTestId('issued-codes');
    await expect(issued.getByRole('heading')).toHaveText('3 nýggjar kotur');
    await expect(issued.getByRole('listitem')).toHaveCount(3);
    expect(posts).toBe(1);
    const list = page.getByTestId('voucher-list');
    await expect(list.getByText('Jólagáva 2026')).toHaveCount(3);
    await expect(list.getByText('Christmas gift 2026')).toHaveCount(3);
    await closeToasts(page);
    await expectAccessible(page);
    await page.screenshot(shot('console-vouchers-issued', true));

    await issued.getByRole('button', { name: 'Liðugt' }).click();
    await expect(issued).toBeHidden();
    // A bad amount is refused in the form and nothing is ordered.
    await order.getByLabel('Navn (føroyskt)').fill('Ógilt');
    await order.getByLabel('Upphædd (kr.)').fill('-5');
    await order.getByRole('button', { name: 'Bílegg' }).click();
    await expect(order.getByRole('alert').first()).toBeVisible();
    expect(posts).toBe(1);
    // So is a day that is no day.
    await order.getByLabel('Upphædd (kr.)').fill('50');
    await order.getByLabel('Gildir til').fill('31.02.2027');
    await order.getByRole('button', { name: 'Bílegg' }).click();
    await expect(order.getByText('Virðið er ikki gildigt.')).toBeVisible();
    expect(posts).toBe(1);

    await nav.getByRole('link', { name: 'Støðir' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Støðir');
    await expect(page.getByText('Tú sært allar støðir.')).toBeVisible();
    await expect(page.getByTestId('console-stations').getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot(shot('console-stations', true));

    // In English, and out again.
    await page.getByRole('button', { name: 'Skift mál til enskt' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stations');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.getByRole('button', { name: 'Switch the language to Faroese' }).click();
  });

  test('kitchen staff land on their display, see only their own stations, and not the vouchers', async ({
    page,
    stationStaff,
  }) => {
    await signIn(page, stationStaff);
    await expect(page).toHaveURL(
      new RegExp(`/console/kitchen/${String(stationStaff.stationIds[0])}$`),
    );
    await page.goto('/console/stations');
    await expect(page.getByTestId('console-role')).toHaveText('Køkur');
    const nav = page.getByRole('navigation', { name: 'Stýriborð' });
    await expect(nav.getByRole('link')).toHaveText(['Støðir']);
    await expect(page.getByText('Tú sært tínar støðir.')).toBeVisible();
    await expect(page.getByTestId('console-stations').getByRole('listitem')).toHaveCount(
      stationStaff.stationIds.length,
    );
    expect(stationStaff.stationIds).toHaveLength(1);
    await expectAccessible(page);
    await page.screenshot(shot('console-kitchen-stations', true));

    // A deep link to the operator's page answers as if it were not there.
    await page.goto('/console/vouchers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Síðan finst ikki');
    await expect(page.getByTestId('voucher-order')).toHaveCount(0);
  });

  test('a customer cannot use the console', async ({ page, user: customer }) => {
    await signIn(page, customer);
    await expect(page.getByTestId('login-error')).toHaveText(
      'Henda kontan hevur ikki atgongd til stýriborðið.',
    );
    await expect(page).toHaveURL(/\/console\/login$/);
    await expectAccessible(page);
  });
});

test('the customer app carries nothing of the console', () => {
  const web = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${web}.vite/manifest.json`, 'utf8')) as Record<
    string,
    { src?: string }
  >;
  const sources = Object.values(manifest).map((chunk) => chunk.src ?? '');
  expect(sources.filter((src) => src.includes('console/'))).toEqual([]);
  // Nor any of its code inlined: the console's session key and its screens' texts.
  const assets = readdirSync(`${web}assets`).filter((file) => file.endsWith('.js'));
  for (const file of assets) {
    const code = readFileSync(`${web}assets/${file}`, 'utf8');
    expect(code, file).not.toContain('stod_console_session');
    expect(code, file).not.toContain('Rita inn á stýriborðið');
  }
});
