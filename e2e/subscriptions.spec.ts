import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y-fixtures.ts';
import { openSignedIn, registerViaApi, type TestUser } from './fixtures.ts';
import { expect, test } from './test.ts';
import { closeToasts, listViaApi, shot } from './wallet-fixtures.ts';

interface UserSubscriptionJson {
  id: string;
  validTo: string;
  nextPaymentAt: string | null;
  cancelledAt: string | null;
  interval: 'monthly' | 'yearly';
  subscription: { id: number; name: string; index: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

/** DD.MM.YYYY as the Faroe Islands see the instant, like the app shows dates. */
function faroeDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Atlantic/Faroe',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(new Date(iso))
    .replaceAll('/', '.');
}

/** '1.234,50 kr.' back to øre. */
function ore(text: string): number {
  return Number(text.replace(/\./g, '').replace(' kr', '').replace(',', ''));
}

async function userSubscriptions(
  request: APIRequestContext,
  user: TestUser,
): Promise<UserSubscriptionJson[]> {
  const response = await request.get('/api/user-subscriptions', { headers: bearer(user) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: UserSubscriptionJson[] }).items;
}

test.describe('subscriptions', () => {
  test('subscribe to the first tier with the test card, then cancel it', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    // In through the profile.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Hald', exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/subscriptions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hald' })).toBeVisible();

    const plans = page.getByTestId('plan-card');
    await expect(plans).toHaveCount(3);
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Kaffi', 'Kaffi+', 'Alt']);
    const first = plans.first();
    await expect(first.getByRole('list', { name: 'Fevnir um' })).toHaveText(/Kaffi\s*Te/);
    await expect(page.getByTestId('my-subscription')).toHaveCount(0);

    // The interval switch changes every tier's price.
    const intervals = page.getByRole('radiogroup', { name: 'Vel tíðarskeið' });
    await intervals.getByRole('radio', { name: 'Árliga' }).click();
    await expect(first.getByTestId('plan-price')).toHaveText('1.490,00 kr. um árið');
    await expect(first).toContainText('Tú sparir 298,00 kr. um árið');
    // The keyboard works as on any radio group: one tab stop, arrows move the choice.
    await expect(intervals.getByRole('radio', { name: 'Árliga' })).toHaveAttribute('tabindex', '0');
    await intervals.getByRole('radio', { name: 'Árliga' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(intervals.getByRole('radio', { name: 'Mánaðarliga' })).toBeFocused();
    await expect(intervals.getByRole('radio', { name: 'Mánaðarliga' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(intervals.getByRole('radio', { name: 'Árliga' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    await expect(plans.getByTestId('plan-price')).toHaveText([
      '149,00 kr. um mánaðin',
      '249,00 kr. um mánaðin',
      '349,00 kr. um mánaðin',
    ]);
    await expect(plans.getByRole('button', { name: 'Tekna hald' })).toHaveCount(3);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('subscriptions', true));
    await expectAccessible(page);

    // Subscribe: the sheet shows the price and interval, the card is chosen already.
    await first.getByRole('button', { name: 'Tekna hald' }).click();
    const sheet = page.getByTestId('subscribe-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('subscribe-price')).toHaveText(
      'Mánaðarliga · 149,00 kr. um mánaðin',
    );
    await expect(sheet.getByRole('radio', { name: /Visa •••• 4242/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.screenshot(shot('subscription-subscribe'));
    await expectAccessible(page);

    // The first answer is lost on the way back: the retry repeats the same request, and the
    // server answers the subscription it made the first time instead of a second one.
    const keys: string[] = [];
    let lose = true;
    await page.route(/\/api\/subscriptions\/\d+\/subscribe$/, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const response = await route.fetch();
      if (lose) {
        lose = false;
        await route.abort('internetdisconnected');
      } else {
        await route.fulfill({ response });
      }
    });
    const pay = sheet.getByRole('button', { name: 'Tekna hald fyri 149,00 kr.' });
    await pay.click();
    await expect(
      page.getByTestId('toast-error').filter({ hasText: 'sambundin við internetið' }),
    ).toBeVisible();
    await expect(sheet).toBeVisible();
    await pay.click();
    await expect(page.getByText('Haldið er teknað.')).toBeVisible();
    await expect(sheet).toHaveCount(0);
    await page.unroute(/\/api\/subscriptions\/\d+\/subscribe$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);

    const [made, ...more] = await userSubscriptions(request, user);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ interval: 'monthly', cancelledAt: null });
    expect(made!.subscription.name).toBe('Kaffi');
    expect(made!.nextPaymentAt).not.toBeNull();
    const validTo = faroeDate(made!.validTo);

    // Active, with its dates; its tier is marked and the higher ones offer an upgrade.
    const mine = page.getByTestId('my-subscription');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('heading', { name: 'Kaffi' })).toBeVisible();
    await expect(mine.getByTestId('subscription-state')).toHaveText('Virkið');
    await expect(mine.getByTestId('valid-to')).toHaveText(validTo);
    await expect(mine.getByTestId('next-payment')).toHaveText(faroeDate(made!.nextPaymentAt!));
    await expect(mine).toContainText('Mánaðarliga');
    await expect(mine).toContainText('149,00 kr. um mánaðin');
    await expect(first.getByTestId('plan-current')).toHaveText('Núverandi');
    await expect(plans.getByRole('button', { name: 'Tekna hald' })).toHaveCount(0);
    await expect(plans.getByRole('button', { name: 'Uppgradera' })).toHaveCount(2);
    await closeToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot(shot('subscription-active'));
    await expectAccessible(page);

    // Cancel, after a confirmation; keeping it first changes nothing.
    await mine.getByRole('button', { name: 'Sig upp hald' }).click();
    const modal = page.getByTestId('cancel-subscription-modal');
    await expect(modal).toContainText(`Tú kanst brúka haldið til ${validTo}.`);
    await modal.getByRole('button', { name: 'Varðveit haldið' }).click();
    await expect(modal).toHaveCount(0);
    await expect(mine.getByTestId('subscription-state')).toHaveText('Virkið');
    await mine.getByRole('button', { name: 'Sig upp hald' }).click();
    await modal.getByRole('button', { name: 'Sig upp hald' }).click();
    await expect(page.getByText('Haldið er sagt upp.')).toBeVisible();
    const [cancelled] = await userSubscriptions(request, user);
    expect(cancelled!.cancelledAt).not.toBeNull();

    await expect(mine.getByTestId('subscription-state')).toHaveText('Sagt upp');
    await expect(mine.getByTestId('usable-until')).toHaveText(`Kann brúkast til ${validTo}`);
    await expect(mine.getByTestId('valid-to')).toHaveText(validTo);
    await expect(mine.getByTestId('next-payment')).toHaveCount(0);
    await expect(mine.getByTestId('cancelled-at')).toHaveText(faroeDate(cancelled!.cancelledAt!));
    await expect(mine.getByRole('button', { name: 'Sig upp hald' })).toHaveCount(0);
    await closeToasts(page);
    await page.screenshot(shot('subscription-cancelled'));
    await expectAccessible(page);

    // It is still usable until validTo, for the server too, and stays so after a reload.
    const me = await request.get('/api/user/v2', { headers: bearer(user) });
    expect(me.status()).toBe(200);
    const { userSubscriptions: onUser } = (await me.json()) as {
      userSubscriptions: UserSubscriptionJson[];
    };
    expect(onUser).toHaveLength(1);
    expect(onUser[0]).toMatchObject({ id: made!.id, validTo: made!.validTo, nextPaymentAt: null });
    expect(onUser[0]!.cancelledAt).not.toBeNull();
    await page.reload();
    await expect(mine.getByTestId('usable-until')).toHaveText(`Kann brúkast til ${validTo}`);

    // Another user neither sees it nor can cancel it.
    const other = await registerViaApi(request, 'subs-other');
    expect(await userSubscriptions(request, other)).toEqual([]);
    const otherMe = await request.get('/api/user/v2', { headers: bearer(other) });
    expect(((await otherMe.json()) as { userSubscriptions: unknown[] }).userSubscriptions).toEqual(
      [],
    );
    const refused = await request.delete(`/api/user-subscriptions/${made!.id}`, {
      headers: bearer(other),
    });
    expect(refused.status()).toBe(404);
    await openSignedIn(page, other, '/profile/subscriptions');
    await expect(page.getByTestId('plan-card')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Tekna hald' })).toHaveCount(3);
    await expect(page.getByTestId('my-subscription')).toHaveCount(0);
    const [still] = await userSubscriptions(request, user);
    expect(still).toMatchObject({ id: made!.id, validTo: made!.validTo });
    expect(still!.cancelledAt).not.toBeNull();
  });

  test('a failed load offers a retry; without a card the sheet points to the payment methods', async ({
    signedIn: page,
    user,
    request,
  }) => {
    await page.route(/\/api\/subscriptions$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/profile/subscriptions');
    const failed = page.getByTestId('subscriptions-error');
    await expect(failed).toContainText('Tað eydnaðist ikki at heinta hald.');
    await page.unroute(/\/api\/subscriptions$/);
    await failed.getByRole('button', { name: 'Royn aftur' }).click();
    await expect(page.getByTestId('plan-card')).toHaveCount(3);

    await page.getByTestId('plan-card').first().getByRole('button', { name: 'Tekna hald' }).click();
    const sheet = page.getByTestId('subscribe-sheet');
    await expect(sheet.getByTestId('subscribe-no-card')).toContainText('Einki gjaldskort til hald');
    await sheet.getByRole('link', { name: 'Til gjaldhættir' }).click();
    await expect(page).toHaveURL(/\/profile\/payment-methods$/);
    await expect(sheet).toHaveCount(0);
    expect(await userSubscriptions(request, user)).toEqual([]);
  });

  test('upgrade to a higher tier, crediting what is left of the period', async ({
    signedIn: page,
    userWithCard: user,
    request,
  }) => {
    const [visa] = (await listViaApi(request, user)).items;
    const plansResponse = await request.get('/api/subscriptions');
    const { items: offered } = (await plansResponse.json()) as {
      items: { id: number; name: string }[];
    };
    const kaffi = offered.find((p) => p.name === 'Kaffi');
    const subscribed = await request.post(`/api/subscriptions/${String(kaffi!.id)}/subscribe`, {
      headers: { ...bearer(user), 'Idempotency-Key': randomUUID() },
      data: { interval: 'monthly', paymentMethodId: visa!.id },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);

    await page.goto('/profile/subscriptions');
    const plans = page.getByTestId('plan-card');
    await expect(plans.first().getByTestId('plan-current')).toBeVisible();
    await plans.nth(1).getByRole('button', { name: 'Uppgradera' }).click();
    const modal = page.getByTestId('upgrade-subscription-modal');
    await expect(modal.getByRole('heading', { name: 'Uppgradera til Kaffi+?' })).toBeVisible();
    await expect(modal).toContainText('Kaffi+ kostar 249,00 kr. um mánaðin.');
    await expect(modal).toContainText('roknað tær til góðar');
    await page.screenshot(shot('subscription-upgrade'));
    await modal.getByRole('button', { name: 'Uppgradera' }).click();

    const toast = page.getByTestId('toast-success').filter({ hasText: 'Haldið er uppgraderað.' });
    await expect(toast).toBeVisible();
    const text = (await toast.textContent()) ?? '';
    const amounts =
      /^Haldið er uppgraderað\. ([\d.,]+ kr)\. roknað tær til góðar, ([\d.,]+ kr)\. goldið\.$/.exec(
        text,
      );
    expect(amounts, text).not.toBeNull();
    const credited = ore(amounts![1]!);
    const charged = ore(amounts![2]!);
    // Subscribed a moment ago: nearly the whole first month is credited.
    expect(credited).toBeGreaterThan(14_000);
    expect(credited).toBeLessThanOrEqual(14_900);
    expect(credited + charged).toBe(24_900);

    const mine = page.getByTestId('my-subscription');
    await expect(mine.getByRole('heading', { name: 'Kaffi+' })).toBeVisible();
    await expect(mine.getByTestId('subscription-state')).toHaveText('Virkið');
    await expect(plans.nth(1).getByTestId('plan-current')).toBeVisible();
    await expect(plans.first().getByRole('button')).toHaveCount(0);
    await expect(plans.nth(2).getByRole('button', { name: 'Uppgradera' })).toBeVisible();
    const items = await userSubscriptions(request, user);
    expect(items.map((s) => s.subscription.name)).toEqual(['Kaffi+']);
  });
});
