import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { waitForMail } from './fixtures.ts';
import { expect, test } from './test.ts';
import { shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

test('an operator invites a station manager, who signs in to only their station and is shut out when disabled', async ({
  page,
  browser,
  request,
}) => {
  const email = `stjori-${String(Date.now())}@example.fo`;
  const password = 'stjori-loyniord-1';

  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Stýriborð' })
    .getByRole('link', { name: 'Starvsfólk' })
    .click();
  await expect(page).toHaveURL(/\/console\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Starvsfólk');
  await expect(page.getByTestId('staff-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Nýtt starvsfólk' }).click();
  const form = page.getByTestId('staff-create');
  // A station manager without a station is refused on the spot.
  await form.getByLabel('Navn', { exact: true }).fill('Jóannes Stjóri');
  await form.getByLabel('Teldubústaður', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Send innbjóðing' }).click();
  await expect(form.getByText('Vel í minsta lagi eina støð.')).toBeVisible();
  const first = form.getByTestId('station-picker').getByRole('checkbox').first();
  const stationName = (
    await form.getByTestId('station-picker').locator('label').first().innerText()
  ).trim();
  await first.check();
  await expectAccessible(page);
  await page.screenshot(shot('console-staff-create-desktop', true));
  await form.getByRole('button', { name: 'Send innbjóðing' }).click();
  await expect(page.getByTestId('toast-success')).toContainText(`Innbjóðing send til ${email}`);
  await page.getByLabel('Leita eftir navni ella teldubústaði').fill('Jóannes Stjóri');
  const row = page.getByTestId('staff-row').filter({ hasText: email });
  await expect(row).toContainText('Støðsstarvsfólk');
  await expect(row).toContainText(stationName);
  await expect(row.locator('[data-state]')).toHaveText('Bíðar eftir loyniorði');

  // The invitation's link sets the password on the page a reset uses.
  const mail = await waitForMail(request, email, (m) => m.text.includes('/reset-password?'));
  expect(mail.subject).toBe('Tú hevur fingið atgongd til Støð-stýrið');
  const link = new URL(/(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)![1]!);
  const manager = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await manager.goto(link.pathname + link.search);
  await manager.getByLabel('Nýtt loyniorð', { exact: true }).fill(password);
  await manager.getByRole('button', { name: 'Goym nýtt loyniorð' }).click();
  await expect(manager).toHaveURL(/\/login$/);

  // They land on their station, and the navigation offers nothing else.
  await signIn(manager, { email, password });
  await expect(manager).toHaveURL(/\/console\/stations\/\d+$/);
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(stationName);
  await expect(manager.getByTestId('console-role')).toHaveText('Støðsstarvsfólk');
  // Their station's hours and services are theirs to change.
  await manager.getByRole('button', { name: 'Broyt opnunartíðir og tænastur' }).click();
  const settings = manager.getByTestId('station-settings');
  await expect(settings.getByTestId('hours-mon')).toBeVisible();
  await expect(settings.getByTestId('hours-sun')).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: 'Brennievni' })).toBeChecked();
  await expectAccessible(manager);
  await manager.screenshot(shot('console-station-settings-desktop', true));
  const nav = manager.getByRole('navigation', { name: 'Stýriborð' });
  await expect(nav.getByRole('link')).toHaveText(['Støðir', /^Ávaringar/]);
  await nav.getByRole('link', { name: 'Støðir' }).click();
  await expect(manager.getByTestId('console-stations').getByRole('listitem')).toHaveCount(1);
  await manager.goto('/console/staff');
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Síðan finst ikki');

  // The operator disables them, with a reason; their open console is signed out.
  await row.getByRole('button', { name: 'Broyt Jóannes Stjóri' }).click();
  const editor = row.getByTestId('staff-edit');
  await editor.getByLabel('Orsøk').fill('Fluttur til aðra støð');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(page);
  await page.screenshot(shot('console-staff-edit-tablet', true));
  await editor.getByRole('button', { name: 'Steng kontuna' }).click();
  await expect(row.locator('[data-state]')).toHaveText('Stongd');
  await manager.reload();
  await expect(manager).toHaveURL(/\/console\/login$/);
  await manager.getByLabel('Teldubústaður', { exact: true }).fill(email);
  await manager.getByLabel('Loyniorð', { exact: true }).fill(password);
  await manager.getByRole('button', { name: 'Rita inn' }).click();
  await expect(manager.getByTestId('login-error')).toHaveText(
    'Henda kontan er stongd. Set teg í samband við okkum.',
  );
  await manager.context().close();

  // The audit log keeps who did it and why.
  await page.goto('/console/audit');
  const newest = page.getByTestId('audit-entry').first();
  await expect(newest).toContainText('PATCH /admin/staff/:id');
  await expect(newest).toContainText('Fluttur til aðra støð');
});
