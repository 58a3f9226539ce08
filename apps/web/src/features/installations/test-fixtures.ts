import type {
  Earnings,
  InstallationCharge,
  InstallationUser,
  Invitation,
  UserInstallation,
} from '@stod/domain';
import { testInstallation } from '../../lib/charge-fixtures.ts';

/**
 * Test data of the installations' screens (never imported by the app), as the API answers it:
 * GET /api/user/installations, the owner's users, invitations, charges and earnings.
 */

export const OWNER_ID = 'u-1';
export const OWN_ID = '3f0a1c52-3b4e-4d6f-8a9b-0c1d2e3f4a01';
export const SHARED_ID = '3f0a1c52-3b4e-4d6f-8a9b-0c1d2e3f4a02';
export const GUEST_ID = '8b1c2d3e-4f50-4617-8a2b-3c4d5e6f7001';
export const SHARE_ID = '5c2d3e4f-5061-4728-9b3c-4d5e6f708101';
export const INVITATION_ID = '6d3e4f50-6172-4839-8c4d-5e6f70819201';

export function ownInstallation(overrides: Partial<UserInstallation> = {}): UserInstallation {
  return {
    ...testInstallation({
      id: OWN_ID,
      name: 'Heima',
      public: false,
      ownerId: OWNER_ID,
      access: 'own',
      tariff: { type: 'kWh', price: 0 },
    }),
    role: 'own',
    shareId: null,
    limits: null,
    ownerName: null,
    usersCount: 1,
    ...overrides,
  };
}

export function sharedInstallation(overrides: Partial<UserInstallation> = {}): UserInstallation {
  return {
    ...testInstallation({
      id: SHARED_ID,
      name: 'Heima hjá Sigrid',
      public: false,
      ownerId: 'u-9',
      access: 'shared',
      connectorsFree: 1,
      connectorsTotal: 1,
    }),
    role: 'shared',
    shareId: 'share-1',
    limits: {
      endsAt: '2026-12-31T00:00:00.000Z',
      monthlyKwhCap: 150,
      pricePerKwh: 150,
      usedThisMonthWh: 12_345,
      refusal: null,
    },
    ownerName: 'Sigrid Poulsen',
    usersCount: 0,
    ...overrides,
  };
}

export function receivedInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: INVITATION_ID,
    installationId: '3f0a1c52-3b4e-4d6f-8a9b-0c1d2e3f4a03',
    installationName: 'Garðurin',
    email: 'jogvan@example.com',
    state: 'pending',
    direction: 'received',
    invitedBy: 'Óli Jacobsen',
    createdAt: '2026-03-02T10:00:00.000Z',
    respondedAt: null,
    ...overrides,
  };
}

export function sentInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return receivedInvitation({
    id: '6d3e4f50-6172-4839-8c4d-5e6f70819202',
    installationId: OWN_ID,
    installationName: 'Heima',
    email: 'gestur@example.com',
    direction: 'sent',
    invitedBy: 'Jógvan Joensen',
    ...overrides,
  });
}

export function installationUser(overrides: Partial<InstallationUser> = {}): InstallationUser {
  return {
    id: SHARE_ID,
    installationId: OWN_ID,
    userId: GUEST_ID,
    name: 'Rógvi Poulsen',
    email: 'rogvi@example.com',
    limits: {
      endsAt: null,
      monthlyKwhCap: null,
      pricePerKwh: 0,
      usedThisMonthWh: 4_500,
      refusal: null,
    },
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function installationCharge(
  n: number,
  overrides: Partial<InstallationCharge> = {},
): InstallationCharge {
  const at = new Date(Date.UTC(2026, 2, 20, 12) - n * 3_600_000).toISOString();
  return {
    id: `9e8d7c6b-5a49-4382-9170-${String(n).padStart(12, '0')}`,
    userId: GUEST_ID,
    userName: 'Rógvi Poulsen',
    chargerIdentity: 'SIM-PUB-1',
    connectorId: 1,
    state: 'completed',
    startedAt: at,
    stoppedAt: at,
    createdAt: at,
    energyWh: 10_000 + n,
    amount: 1_500,
    ownerCredit: 1_500,
    finishedAt: at,
    ...overrides,
  };
}

export function earnings(overrides: Partial<Earnings> = {}): Earnings {
  return {
    installationId: OWN_ID,
    month: '2026-03',
    publicEnergyWh: 20_000,
    publicCredit: 400,
    sharedEnergyWh: 10_000,
    sharedCredit: 1_500,
    total: 1_900,
    charges: 3,
    payouts: [],
    ...overrides,
  };
}
