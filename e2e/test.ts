import { basename } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { registerViaApi, type TestUser } from './fixtures.ts';
import { addGatewayCard } from './stations-helpers.ts';
import { addOwnCardViaApi, type PaymentMethodJson } from './wallet-fixtures.ts';

export { expect } from '@playwright/test';

/** A staff member's account and the stations they work at, signed in through the API. */
export interface StaffMember {
  email: string;
  password: string;
  token: string;
  role: 'station' | 'kitchen';
  stationIds: number[];
}

interface Fixtures {
  /** A customer registered through the API for this test alone. */
  user: TestUser;
  /**
   * The page, with `user`'s token on the device before the app first starts: whatever the test
   * opens first, it opens signed in, as a returning user does. Set once, so signing out holds.
   */
  signedIn: Page;
  /** `user` with the gateway's test card 4242…, saved on its hosted page in a browser of its own. */
  userWithCard: TestUser & { cardId: string };
  /** `user` with a provider card (Støðkort) from the card simulator, added with its PIN. */
  userWithOwnCard: TestUser & { card: PaymentMethodJson };
  /** Kitchen staff of one station, as the console's kitchen display is used. */
  stationStaff: StaffMember;
}

// The demo seed's kitchen staff of the first demo station (docs/demo.md). The API has no way yet
// for an operator to add staff, so this fixture cannot make an account of its own: when it has,
// only this fixture changes.
const SEEDED_KITCHEN = { email: 'kitchen@example.com', password: 'kitchen-password-1' };

export const test = base.extend<Fixtures>({
  user: async ({ request }, use, testInfo) => {
    await use(await registerViaApi(request, basename(testInfo.file, '.spec.ts')));
  },

  signedIn: async ({ page, user }, use) => {
    await page.addInitScript((token) => {
      try {
        if (sessionStorage.getItem('e2e-signed-in')) return;
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('access_token', token);
      } catch {
        // A page without storage of its own (about:blank) is not the app.
      }
    }, user.token);
    await use(page);
  },

  // A browser of its own and the gateway's page: timed apart from the test that uses it.
  userWithCard: [
    async ({ user, browser, request }, use) => {
      const context = await browser.newContext();
      const cardId = await addGatewayCard(await context.newPage(), request, user);
      await context.close();
      await use({ ...user, cardId });
    },
    { timeout: 30_000 },
  ],

  userWithOwnCard: async ({ user, request }, use) => {
    await use({ ...user, card: await addOwnCardViaApi(request, user) });
  },

  stationStaff: async ({ request }, use) => {
    const signedIn = await request.post('/api/auth/signIn', { data: SEEDED_KITCHEN });
    if (signedIn.status() !== 200) throw new Error(`staff sign-in: ${await signedIn.text()}`);
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    const me = await request.get('/api/admin/me', {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (me.status() !== 200) throw new Error(`staff member: ${await me.text()}`);
    const { role, stationIds } = (await me.json()) as {
      role: StaffMember['role'];
      stationIds: number[] | null;
    };
    await use({ ...SEEDED_KITCHEN, token, role, stationIds: stationIds ?? [] });
  },
});
