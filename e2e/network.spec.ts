import { expect, test } from '@playwright/test';
import { openSignedIn, registerViaApi } from './fixtures.ts';

test('going offline leads to /no-network and coming back online leads home', async ({
  page,
  context,
  request,
}) => {
  const user = await registerViaApi(request, 'offline');
  await openSignedIn(page, user, '/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(user.name);

  await context.setOffline(true);
  await expect(page).toHaveURL(/\/no-network$/);
  await expect(page.getByRole('heading', { name: 'Einki internetsamband' })).toBeVisible();
  await expect(
    page.getByText('Tað tykist sum telefonin er ikki sambundin við internetið.'),
  ).toBeVisible();

  // While offline, every other route leads back to no-network.
  await page.getByRole('button', { name: 'Royn aftur' }).click();
  await expect(page).toHaveURL(/\/no-network$/);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home')).toBeVisible();
});
