import type { APIRequestContext, Page } from '@playwright/test';
import type { ChargerFleet } from '../apps/api/src/integrations/ocpp-sim/index.ts';
import {
  activeChargeViaApi,
  chargeOnScreen,
  currentChargeStep,
  expectKwhRising,
} from './charging-helpers.ts';
import {
  DEFAULT_PASSWORD,
  registerViaApi,
  signInViaUi,
  uniqueEmail,
  waitForMail,
  type TestUser,
} from './fixtures.ts';
import { addGatewayCard, auth, keepScreen, oreOf } from './stations-helpers.ts';
import { expect, test } from './test.ts';

/**
 * "My charging stations" (issue #15), from the owner's side and the invited user's: an owner of
 * a private installation invites a second user by e-mail, the second user opens the e-mail's
 * link (signing in on the way) and accepts, and charges there at the owner's price; the owner
 * sees the charge and what it earned, then removes the user, whose next start is refused.
 *
 * The installation is the test's own: an operator registers it with a charger for a fresh owner,
 * and the charger is a simulated one that this test connects to the server's OCPP endpoint and
 * drives itself (the server's own fleet knows only the seeded chargers).
 */

// The demo seed's operator (docs/demo.md).
const OPERATOR = { email: 'operator@example.com', password: 'operator-password-1' };

interface OwnInstallation {
  id: string;
  name: string;
  identity: string;
  chargerId: string;
}

async function operatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signIn', { data: OPERATOR });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A private installation with one 11 kW charger, registered by the operator for `owner`. */
async function installationFor(
  request: APIRequestContext,
  owner: TestUser,
): Promise<OwnInstallation> {
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const identity = `E2E-HEIMA-${suffix}`;
  const name = `Heima í Gøtu ${suffix}`;
  const response = await request.post('/api/admin/chargers', {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: {
      chargers: [
        {
          identity,
          installation: { name, lat: 62.19, lng: -6.74, public: false, ownerEmail: owner.email },
          connectors: 1,
          maxPowerKw: 11,
          tariff: { type: 'kWh', price: 0 },
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [charger] = (
    (await response.json()) as {
      chargers: { id: string; installationId: string }[];
    }
  ).chargers;
  return { id: charger!.installationId, name, identity, chargerId: charger!.id };
}

/** The charger itself: a simulated one of this test's own, dialling the server's /ocpp. */
async function connectCharger(baseURL: string, identity: string): Promise<ChargerFleet> {
  const { startChargerFleet } = await import('../apps/api/src/integrations/ocpp-sim/index.ts');
  const fleet = startChargerFleet({
    url: `${baseURL.replace(/^http/, 'ws')}/ocpp`,
    chargers: [{ identity, protocol: 'ocpp1.6', connectors: 1, maxPowerKw: 11 }],
    // As the server's own simulated devices run in the suite (playwright.config.ts).
    speed: 5,
    autoPlug: false,
  });
  await fleet.ready();
  return fleet;
}

/** The link in the newest invitation e-mail to `to`. */
async function invitationLink(request: APIRequestContext, to: string, installation: string) {
  const mail = await waitForMail(request, to, (m) => m.subject.includes(installation));
  const link = /https?:\/\/\S+\/profile\/installations\?invitation=[^\s&]+&token=\S+/.exec(
    mail.text,
  )?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

const myInstallation = (page: Page, name: string) =>
  page
    .getByTestId('my-installation')
    .filter({ has: page.getByTestId('my-installation-name').getByText(name, { exact: true }) });

test.describe('my charging stations', () => {
  let fleet: ChargerFleet | null = null;
  test.afterEach(async () => {
    await fleet?.close();
    fleet = null;
  });

  test('an owner shares a charging station; the invited user accepts, charges, and is removed', async ({
    signedIn: page,
    user: owner,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const guest = await registerViaApi(request, 'inst-guest');
    const home = await installationFor(request, owner);
    fleet = await connectCharger(baseURL!, home.identity);

    // The charging list leads the owner to their own installation's page.
    await page.goto('/charging/installations');
    const chargingRow = page
      .locator('li')
      .filter({ has: page.getByTestId('installation-name').getByText(home.name, { exact: true }) });
    await expect(chargingRow.getByTestId('installation-access')).toHaveText('Tín egna');
    await expect(chargingRow.getByRole('link', { name: `Stýr ${home.name}` })).toHaveAttribute(
      'href',
      `/profile/installations/${home.id}`,
    );
    await keepScreen(page, 'charging-installations-own', true);
    await page.getByRole('link', { name: 'Mínar ladistøðir' }).click();

    // The owner's list: the installation, private, nobody with access yet.
    await expect(page).toHaveURL(/\/profile\/installations$/);
    const row = myInstallation(page, home.name);
    await expect(row).toHaveAttribute('data-role', 'own');
    await expect(row.getByTestId('installation-public')).toHaveText('Privat');
    await expect(row).toContainText('0 brúkarar við atgongd');
    await keepScreen(page, 'installations-list-owner');
    await row.click();

    // Its screen: the charger's live state, who can charge, the users, the earnings.
    await expect(page).toHaveURL(new RegExp(`/profile/installations/${home.id}$`));
    await expect(page.getByRole('heading', { name: home.name })).toBeVisible();
    await expect(page.getByTestId('connector-status').first()).toHaveAttribute(
      'data-status',
      'Available',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('radio', { name: /^Privat/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByTestId('installation-users')).toContainText(
      'Tú hevur ikki deilt ladistøðina við nakran enn.',
    );
    await expect(page.getByTestId('earnings-total')).toHaveText('0,00 kr.');
    await keepScreen(page, 'installation-owner', true);

    // The share screen: an invitation by e-mail.
    await page.getByRole('link', { name: 'Deil við ein annan' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/installations/${home.id}/share$`));
    const form = page.getByTestId('invite-form');
    await form.getByLabel('Teldubústaður').fill('ikki-ein-teldubustadur');
    await form.getByRole('button', { name: 'Send innbjóðing' }).click();
    await expect(page.getByText('Vinaliga skriva ein gildigan teldubústað.')).toBeVisible();
    await form.getByLabel('Teldubústaður').fill(guest.email);
    await form.getByRole('button', { name: 'Send innbjóðing' }).click();
    await expect(page.getByText(`Innbjóðing send til ${guest.email}.`)).toBeVisible();
    const sent = page.getByTestId('sent-invitation');
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('sent-invitation-state')).toHaveText('Bíðar');
    await keepScreen(page, 'installation-share');

    // The invited user, in a browser of their own, opens the e-mail's link; signing in on the
    // way keeps the invitation and its token.
    const link = await invitationLink(request, guest.email, home.name);
    const guestContext = await browser.newContext();
    const guestPage = await guestContext.newPage();
    try {
      await guestPage.goto(link);
      await expect(guestPage).toHaveURL(
        /\/login\?redirect=%2Fprofile%2Finstallations%3Finvitation/,
      );
      await signInViaUi(guestPage, guest.email, guest.password);
      await expect(guestPage).toHaveURL(/\/profile\/installations\?invitation=.+&token=.+$/);
      const invitation = guestPage.getByTestId('linked-invitation');
      await expect(invitation).toContainText(`${owner.name} bjóðar tær at lada á ${home.name}`);
      await keepScreen(guestPage, 'installations-invitation');
      // The account is new and its address unverified: only the link's token lets it accept.
      await invitation.getByRole('button', { name: 'Tak ímóti' }).click();
      await expect(guestPage.getByText(`Tú hevur nú atgongd til ${home.name}.`)).toBeVisible();
      await expect(guestPage).toHaveURL(/\/profile\/installations$/);
      const shared = myInstallation(guestPage, home.name);
      await expect(shared).toHaveAttribute('data-role', 'shared');
      await expect(shared).toContainText(`Eigari: ${owner.name}`);
      await expect(shared.getByTestId('my-installation-limits')).toHaveText(
        '0,00 kWh brúkt henda mánaðin',
      );
      await keepScreen(guestPage, 'installations-list-shared');

      // The owner sets a price per kWh, typed in kroner.
      await page.goto(`/profile/installations/${home.id}`);
      const user = page.getByTestId('installation-user');
      await expect(user).toContainText(guest.email);
      await user.click();
      await expect(page).toHaveURL(new RegExp(`/profile/installations/${home.id}/share/`));
      const limits = page.getByTestId('share-limits-form');
      await limits.getByLabel('Prísur fyri hvønn kWh (kr.)').fill('abc');
      await limits.getByRole('button', { name: 'Goym' }).click();
      await expect(
        limits.getByText('Prísurin skal vera millum 0,00 og 10,00 kr., skrivaður í krónum.'),
      ).toBeVisible();
      await limits.getByLabel('Prísur fyri hvønn kWh (kr.)').fill('1,50');
      await limits.getByLabel('Mark um mánaðin (kWh)').fill('150');
      await limits.getByRole('button', { name: 'Goym' }).click();
      await expect(page.getByText('Avmarkingarnar eru goymdar.')).toBeVisible();
      await keepScreen(page, 'installation-share-user', true);

      // The shared user's own view of it: the owner, the limits, and the way to charge.
      await guestPage.goto(`/profile/installations/${home.id}`);
      const terms = guestPage.getByTestId('shared-limits');
      await expect(terms.getByTestId('shared-price')).toHaveText('1,50 kr./kWh');
      await expect(terms.getByTestId('shared-cap')).toHaveText('150 kWh');
      await expect(guestPage.getByTestId('earnings')).toHaveCount(0);
      await keepScreen(guestPage, 'installation-shared', true);

      // The shared user charges there, paying the owner's price (a card holds 300 kr.).
      await addGatewayCard(guestPage, request, guest);
      await guestPage.goto(`/profile/installations/${home.id}`);
      await guestPage.getByRole('link', { name: 'Lada her' }).click();
      await expect(guestPage).toHaveURL(new RegExp(`/charging/installations/${home.id}$`));
      const tile = guestPage
        .locator(`[data-testid="charger"][data-identity="${home.identity}"]`)
        .getByTestId('connector');
      await expect(tile).toHaveAttribute('data-status', 'Available', { timeout: 30_000 });
      await tile.click();
      await expect(guestPage.getByTestId('charge-price')).toContainText('1,50 kr./kWh');
      await guestPage.getByRole('button', { name: 'Halt fram' }).click();
      await expect(chargeOnScreen(guestPage)).toHaveAttribute('data-state', 'ready');
      await guestPage.getByRole('button', { name: 'Byrja at lada' }).click();
      await expect(chargeOnScreen(guestPage)).toHaveAttribute('data-state', 'waiting');
      await fleet.act(home.identity, 1, 'plug');
      await expect(chargeOnScreen(guestPage)).toHaveAttribute('data-state', 'charging', {
        timeout: 30_000,
      });
      await expect(currentChargeStep(guestPage)).toContainText('Lading í gongd');
      await expectKwhRising(guestPage);
      await guestPage.getByRole('button', { name: 'Steðga ladingini' }).click();
      await guestPage
        .getByTestId('charge-stop-modal')
        .getByRole('button', { name: 'Steðga' })
        .click();
      await expect(chargeOnScreen(guestPage)).toHaveAttribute('data-state', 'completed', {
        timeout: 60_000,
      });
      const paid = oreOf(await guestPage.getByTestId('charge-captured').textContent());
      expect(paid).toBeGreaterThan(0);
      await fleet.act(home.identity, 1, 'unplug');

      // The owner sees the charge, who charged, and what it earned; the month's earnings too.
      await page.goto(`/profile/installations/${home.id}/charges`);
      const charge = page.getByTestId('installation-charge');
      await expect(charge).toHaveCount(1);
      await expect(charge.getByTestId('charge-user')).toHaveText(guest.name);
      await expect(charge.getByTestId('charge-amount')).toContainText(
        await guestPage.getByTestId('charge-captured').innerText(),
      );
      const credit = oreOf(
        ((await charge.getByTestId('charge-credit').textContent()) ?? '').replace(/^.*\+/, ''),
      );
      expect(credit).toBe(paid);
      await expect(page.getByTestId('charges-shown')).toHaveText('1 av 1 ladingum');
      await keepScreen(page, 'installation-charges');

      await page.goto(`/profile/installations/${home.id}`);
      await expect(page.getByTestId('earnings-charges')).toHaveText('1');
      expect(oreOf(await page.getByTestId('earnings-shared-credit').textContent())).toBe(credit);
      expect(oreOf(await page.getByTestId('earnings-total').textContent())).toBe(credit);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Heinta inntøkuyvirlit (PDF)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^inntokur-\d{4}-\d{2}\.pdf$/);
      await page.getByTestId('earnings').scrollIntoViewIfNeeded();
      await keepScreen(page, 'installation-earnings');

      // The shared user gets ready to charge again; meanwhile the owner removes the access.
      await guestPage.goto(`/charging/installations/${home.id}`);
      await expect(tile).toHaveAttribute('data-status', 'Available', { timeout: 30_000 });
      await tile.click();
      await expect(guestPage.getByRole('button', { name: 'Halt fram' })).toBeVisible();

      await page.goto(`/profile/installations/${home.id}`);
      await page.getByTestId('installation-user').click();
      await page.getByRole('button', { name: 'Tak atgongdina aftur' }).click();
      const confirm = page.getByTestId('remove-share-modal');
      await expect(confirm).toContainText(`Taka atgongdina frá ${guest.name}?`);
      await keepScreen(page, 'installation-remove-user');
      await confirm.getByRole('button', { name: 'Tak atgongdina' }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/installations/${home.id}$`));
      await expect(page.getByText(`${guest.name} hevur ikki atgongd longur.`)).toBeVisible();
      await expect(page.getByTestId('installation-users')).toContainText(
        'Tú hevur ikki deilt ladistøðina við nakran enn.',
      );

      // The removed user's start is refused, and the installation is gone from their list.
      await guestPage.getByRole('button', { name: 'Halt fram' }).click();
      await expect(guestPage.getByTestId('charge-start-error')).toBeVisible();
      expect(await activeChargeViaApi(request, guest)).toBeNull();
      const refused = await request.post('/api/charges', {
        headers: { ...auth(guest), 'Idempotency-Key': `e2e-${home.identity}` },
        data: { installationId: home.id, chargerId: home.chargerId, connectorId: 1 },
      });
      expect(refused.status()).toBe(404);
      await guestPage.goto('/profile/installations');
      await expect(guestPage.getByTestId('my-installations-empty')).toBeVisible();
      await keepScreen(guestPage, 'installations-empty');
    } finally {
      await guestContext.close();
    }
  });

  test('someone without an account registers from the invitation’s link and lands back on it', async ({
    page,
    request,
    user: owner,
  }) => {
    const home = await installationFor(request, owner);
    const email = uniqueEmail('inst-newcomer');
    const invited = await request.post('/api/installation-invitations', {
      headers: auth(owner),
      data: { installationId: home.id, email },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = await invitationLink(request, email, home.name);

    // Sent to sign in, the newcomer registers instead; the invitation waits through it.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('link', { name: 'Stovna brúkara' }).click();
    await expect(page).toHaveURL(
      /\/register-user\?redirect=%2Fprofile%2Finstallations%3Finvitation/,
    );
    await page.getByLabel('Navn', { exact: true }).fill('Turið Joensen');
    await page.getByLabel('Bústaður', { exact: true }).fill('Heygsvegur 2');
    await page.getByLabel('Postnummar', { exact: true }).fill('510');
    await page.getByLabel('Býur/bygd', { exact: true }).fill('Gøta');
    await page.getByLabel('Fartelefon', { exact: true }).fill('291235');
    await page.getByLabel('Teldubústaður', { exact: true }).fill(email);
    await page.getByLabel('Loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByLabel('Endurtak loyniorð', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Stovna brúkara' }).click();
    await expect(page).toHaveURL(/\/register-user\/payment-method$/);
    await page.getByRole('link', { name: 'Ger hetta seinni' }).click();

    await expect(page).toHaveURL(/\/profile\/installations\?invitation=.+&token=.+$/);
    const invitation = page.getByTestId('linked-invitation');
    await expect(invitation).toContainText(`${owner.name} bjóðar tær at lada á ${home.name}`);
    await invitation.getByRole('button', { name: 'Tak ímóti' }).click();
    await expect(page.getByText(`Tú hevur nú atgongd til ${home.name}.`)).toBeVisible();
    await expect(myInstallation(page, home.name)).toHaveAttribute('data-role', 'shared');
  });
});
