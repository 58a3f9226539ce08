import type { CurrentUser } from '@stod/domain';

/** A signed-in user as GET /api/user/v2 answers it. */
export const testUser: CurrentUser = {
  id: 'u-1',
  name: 'Jógvan Joensen',
  email: 'jogvan@example.com',
  address: 'Undir Bakka 3',
  postCode: '100',
  city: 'Tórshavn',
  mobile: '555123',
  accountType: 'private',
  pNumber: null,
  vNumber: null,
  locale: 'fo',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  userSubscriptions: [],
};
