import { expect, test } from './test.ts';

test('going offline leads to /no-network and coming back online leads home', async ({
  signedIn: page,
  user,
  context,
}) => {
  await page.goto('/profile');
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
