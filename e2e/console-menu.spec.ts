import { expectAccessible } from './a11y-fixtures.ts';
import { openKitchen } from './food-fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false });

test('kitchen staff mark a dish sold out, and the customer’s menu shows it so until it is back', async ({
  page,
  browser,
}) => {
  const stationId = await openKitchen(page);
  const app = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fo-FO' })
  ).newPage();
  const dish = page.getByTestId('dish-franskar');
  try {
    await page.goto(`/console/stations/${String(stationId)}`);
    await expect(dish).toBeVisible();
    await dish.getByRole('button', { name: 'Merk Franskar útselt' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText(
      'Franskar er merkt útselt.',
    );
    await expect(dish).toContainText('Útselt');
    await dish.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot(shot('console-menu-sold-out-tablet'));

    await app.goto(`/food-order/stations/${String(stationId)}`);
    await expect(app.getByTestId('product-franskar')).toContainText('Útselt');
    await expect(app.getByTestId('product-burgari')).not.toContainText('Útselt');
    await app.getByTestId('product-franskar').scrollIntoViewIfNeeded();
    await app.screenshot(shot('food-menu-sold-out'));

    await dish.getByRole('button', { name: 'Franskar er til aftur' }).click();
    await expect(dish).not.toContainText('Útselt');
    await app.reload();
    await expect(app.getByTestId('product-franskar')).toBeVisible();
    await expect(app.getByTestId('product-franskar')).not.toContainText('Útselt');

    // Sold out until a time: said on the dish, and back by itself then.
    const burger = page.getByTestId('dish-burgari');
    const backAt = burger.getByLabel(/^Aftur kl\./);
    await backAt.fill('25:00');
    await burger.getByRole('button', { name: /^Merk .* útselt$/ }).click();
    await expect(burger.getByText('Skriva TT:MM')).toBeVisible();
    const later = new Date(Date.now() + 2 * 3_600_000);
    const hhmm = `${String(later.getHours()).padStart(2, '0')}:${String(later.getMinutes()).padStart(2, '0')}`;
    await backAt.fill(hhmm);
    await burger.getByRole('button', { name: /^Merk .* útselt$/ }).click();
    await expect(burger).toContainText(`Útselt til`);
    const menu = (await (
      await page.request.get(`/api/food/stations/${String(stationId)}/menu`)
    ).json()) as {
      products: { id: string; available: boolean; backAt?: string | null }[];
    };
    const listed = menu.products.find((p) => p.id === 'burgari');
    expect(listed?.available).toBe(false);
    // The next such time of day on the tablet's clock: within the next 24 hours, at that minute.
    const back = new Date(listed?.backAt ?? 0);
    expect([back.getHours(), back.getMinutes()]).toEqual([later.getHours(), later.getMinutes()]);
    expect(back.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    await burger.scrollIntoViewIfNeeded();
    await page.screenshot(shot('console-menu-sold-out-until-tablet'));
    // The customer sees when it is back.
    await app.reload();
    await expect(app.getByTestId('product-burgari')).toContainText('Útselt til kl.');
    await burger.getByRole('button', { name: /er til aftur$/ }).click();
    await expect(burger).not.toContainText('Útselt');
  } finally {
    await app.context().close();
  }
});
