import { fileURLToPath } from 'node:url';
import { expectAccessible } from './a11y-fixtures.ts';
import { allCampaigns, asOperator } from './campaign-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { auth } from './stations-helpers.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

const PICTURE = fileURLToPath(
  new URL('../apps/console/public/icons/icon-192.png', import.meta.url),
);

test('an operator makes a campaign with a picture, previews it in both languages, and ends it', async ({
  page,
  request,
  user,
}) => {
  const title = `Jólakaffi ${String(Date.now())}`;
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/console\/vouchers$/);
  await page.getByRole('link', { name: 'Kampanjur' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kampanjur');
  await page.getByRole('button', { name: 'Nýggj kampanja' }).click();
  const form = page.getByTestId('campaign-form');

  // Nothing filled in: every field says what it needs, and nothing is made.
  await form.getByRole('button', { name: 'Stovna kampanjuna' }).click();
  await expect(form.getByText('Teigurin er kravdur.').first()).toBeVisible();
  await form.getByLabel('Endar').fill('31.02.2027 10:00');
  await form.getByRole('button', { name: 'Stovna kampanjuna' }).click();
  await expect(form.getByText('Virðið er ikki gildigt.')).toBeVisible();

  await form.getByLabel('Heiti (føroyskt)').fill(title);
  await form.getByLabel('Heiti (enskt)').fill('Christmas coffee');
  await form
    .getByLabel('Tekstur (føroyskt)')
    .fill('Ein ókeypis kaffi við hvørjum tanki í desember.');
  await form.getByLabel('Tekstur (enskt)').fill('A free coffee with every fill in December.');
  await form.getByLabel('Endar').fill('');
  await form.locator('input[type=file]').setInputFiles(PICTURE);
  const preview = page.getByTestId('campaign-preview');
  await expect(preview.locator('img')).toBeVisible();
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('Lat aftur');
  await preview.getByRole('button', { name: 'Enskt' }).click();
  await expect(preview).toContainText('Christmas coffee');
  await expect(preview).toContainText('Close');
  await expectAccessible(page);
  await page.screenshot(shot('console-campaign-editor', true));

  await form.getByRole('button', { name: 'Stovna kampanjuna' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Kampanjan er stovnað.');
  const item = page.getByTestId('campaign-item').filter({ hasText: title });
  await expect(item.getByTestId('campaign-state')).toHaveText('Virkin');

  // The app shows it now, in the customer's language, with its picture.
  const active = await request.get('/api/campaigns/active', {
    headers: { ...auth(user), 'Accept-Language': 'en' },
  });
  expect(active.status(), await active.text()).toBe(200);
  const shown = ((await active.json()) as { title: string; image: { url: string } | null }[]).find(
    (c) => c.title === 'Christmas coffee',
  );
  expect(shown?.image?.url).toMatch(/^\/api\/campaigns\/images\//);

  // Ended, it is shown no more; then deleted.
  try {
    await item.getByRole('button', { name: 'Enda' }).click();
    await page.getByTestId('campaign-end-dialog').getByRole('button', { name: 'Enda' }).click();
    await expect(item.getByTestId('campaign-state')).toHaveText('Endað');
    const after = await request.get('/api/campaigns/active', {
      headers: { ...auth(user), 'Accept-Language': 'en' },
    });
    expect(
      ((await after.json()) as { title: string }[]).some((c) => c.title === 'Christmas coffee'),
    ).toBe(false);
    await closeToasts(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAccessible(page);
    await page.screenshot(shot('console-campaigns-tablet', true));
    await item.getByRole('button', { name: 'Strika' }).click();
    await page
      .getByTestId('campaign-delete-dialog')
      .getByRole('button', { name: 'Strika' })
      .click();
    await expect(item).toHaveCount(0);
  } finally {
    // However it went, no campaign of this journey stays running over the others.
    const operator = await asOperator(request);
    for (const campaign of await allCampaigns(request, operator))
      if (campaign.titleFo === title && campaign.state === 'active')
        await request.post(`/api/admin/campaigns/${campaign.id}/end`, { headers: operator });
  }
});
