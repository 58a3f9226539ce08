import { randomUUID } from 'node:crypto';
import { expectAccessible } from './a11y-fixtures.ts';
import { OPERATOR, signIn } from './console-fixtures.ts';
import { operatorHeaders } from './fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, shot } from './wallet-fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false });

interface AdminPlanJson {
  id: number;
  type: string;
  index: number;
  name: string;
  priceMonthly: number;
  active: boolean;
  subscribers: { active: number; cancelled: number };
}

test('an operator makes and changes a plan, and cancels a subscriber’s plan on their behalf', async ({
  page,
  request,
  userWithCard: customer,
}) => {
  const headers = await operatorHeaders(request);
  const plans = async () =>
    (
      (await (await request.get('/api/admin/subscription-plans', { headers })).json()) as {
        items: AdminPlanJson[];
      }
    ).items;
  const coffee = (await plans()).find((p) => p.type === 'BEVERAGE' && p.index === 1)!;

  // A customer on the coffee plan, monthly.
  const subscribed = await request.post(`/api/subscriptions/${String(coffee.id)}/subscribe`, {
    headers: { Authorization: `Bearer ${customer.token}`, 'Idempotency-Key': randomUUID() },
    data: { interval: 'monthly', paymentMethodId: customer.cardId },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const subscription = (await subscribed.json()) as { id: string };

  await signIn(page, OPERATOR);
  await expect(page.getByTestId('console-role')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Stýriborð' })
    .getByRole('link', { name: 'Hald' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hald');
  const kaffi = page.locator(`[data-testid="plan"][data-plan="${String(coffee.id)}"]`);
  await expect(kaffi.getByTestId('plan-prices')).toContainText('um mánaðin');
  await expectAccessible(page);

  // A new plan, kept off offer: the form says what is missing before anything is sent.
  const type = `E2E_${String(Date.now())}`;
  await page.getByRole('button', { name: 'Nýtt hald' }).click();
  const editor = page.getByTestId('plan-editor');
  await editor.getByLabel('Slag').fill(type);
  await editor.getByRole('button', { name: 'Goym haldið' }).click();
  await expect(editor.getByText('Teigurin er kravdur.').first()).toBeVisible();
  await editor.getByLabel('Stig').fill('1');
  await editor.getByLabel('Prísur um mánaðin (kr.)').fill('99');
  await editor.getByLabel('Prísur um árið (kr.)').fill('1200');
  await expect(editor.getByText('Ársprísurin er ikki lægri enn tólv mánaðir.')).toBeVisible();
  await editor.getByLabel('Prísur um árið (kr.)').fill('990');
  await editor.getByLabel('Navn (føroyskt)').fill('Te um morgunin');
  await editor.getByLabel('Navn (enskt)').fill('Morning tea');
  await editor.getByLabel('Lýsing (føroysk)').fill('Ein koppur av te hvønn morgun.');
  await editor.getByRole('checkbox', { name: 'Te', exact: true }).check();
  await editor.getByRole('checkbox', { name: 'Í boði fyri nýggjar haldarar' }).uncheck();
  await editor.getByLabel('Orsøk').fill('Roynd við tehaldi');
  await expectAccessible(page);
  await page.screenshot(shot('console-plan-editor-desktop'));
  await editor.getByRole('button', { name: 'Goym haldið' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Haldið er gjørt.');
  const made = (await plans()).find((p) => p.type === type)!;
  expect(made).toMatchObject({
    index: 1,
    name: 'Te um morgunin',
    priceMonthly: 99_00,
    active: false,
  });
  const card = page.locator(`[data-testid="plan"][data-plan="${String(made.id)}"]`);
  await expect(card).toContainText('Ikki í boði');

  // Its price changed: the card and the API say the new one.
  await card.getByRole('button', { name: 'Broyt Te um morgunin' }).click();
  await editor.getByLabel('Prísur um mánaðin (kr.)').fill('89,50');
  await editor.getByRole('button', { name: 'Goym haldið' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Haldið er goymt.');
  await expect(card.getByTestId('plan-prices')).toContainText('89,50 kr. um mánaðin');
  expect((await plans()).find((p) => p.id === made.id)?.priceMonthly).toBe(89_50);

  // The coffee plan's subscribers: the customer's subscription, cancelled on their behalf.
  await kaffi.getByRole('button', { name: 'Vís haldararnar hjá Kaffi' }).click();
  const subscribers = page.getByTestId('subscribers');
  await subscribers.getByLabel('Støða').selectOption('active');
  const row = subscribers.getByTestId('subscriber').filter({ hasText: customer.email });
  await expect(row).toContainText('Virkið');
  await subscribers.getByLabel('Orsøk').fill('Kundin bað um tað í telefonini');
  await row.getByRole('button', { name: /^Uppsig haldið hjá/ }).click();
  const dialog = page.getByTestId('cancel-subscription-dialog');
  await expect(dialog).toContainText('kann brúkast til');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Uppsig' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Haldið er uppsagt.');
  await subscribers.getByLabel('Støða').selectOption('cancelled');
  await expect(
    subscribers.getByTestId('subscriber').filter({ hasText: customer.email }),
  ).toContainText('Uppsagt');
  await closeToasts(page);
  await subscribers.scrollIntoViewIfNeeded();
  await page.screenshot(shot('console-subscribers-desktop'));
  await page.setViewportSize({ width: 1024, height: 768 });
  await subscribers.getByTestId('subscriber').first().scrollIntoViewIfNeeded();
  await page.screenshot(shot('console-subscribers-tablet'));

  // The customer's own view: cancelled, no renewal; the audit log kept the reason.
  const own = (await (
    await request.get('/api/user-subscriptions', {
      headers: { Authorization: `Bearer ${customer.token}` },
    })
  ).json()) as {
    items: { id: string; cancelledAt: string | null; nextPaymentAt: string | null }[];
  };
  expect(own.items.find((s) => s.id === subscription.id)).toMatchObject({
    cancelledAt: expect.any(String),
    nextPaymentAt: null,
  });
  const audit = await request.get(
    `/api/admin/audit?action=${encodeURIComponent('POST /api/admin/user-subscriptions/:id/cancel')}`,
    { headers },
  );
  expect(await audit.text()).toContain('Kundin bað um tað í telefonini');
});
