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
  } finally {
    await app.context().close();
  }
});
