import type { Charge, InstallationView } from '@stod/domain';

/**
 * Test data of the charging screens' tests (never imported by the app): an installation as
 * GET /api/installations/{id} answers it, and a charge as GET /api/charges/{id} does.
 */

export const INSTALLATION_ID = '7a1f0c52-3b4e-4d6f-8a9b-0c1d2e3f4a5b';
export const CHARGER_ID = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7081';
export const DC_CHARGER_ID = '2c3d4e5f-6071-4829-8b3c-4d5e6f708192';
export const CHARGE_ID = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
export const RECEIPT_ID = '5b0e7c52-3a4f-4c1e-9d7a-2f1e0c3b4a59';

export function testInstallation(overrides: Partial<InstallationView> = {}): InstallationView {
  return {
    id: INSTALLATION_ID,
    name: 'Ladistøð Tórshavn',
    lat: 62.0107,
    lng: -6.7741,
    public: true,
    ownerId: null,
    access: 'public',
    chargers: [
      {
        id: CHARGER_ID,
        identity: 'SIM-PUB-1',
        installationId: INSTALLATION_ID,
        online: true,
        kind: 'AC',
        maxPowerKw: 22,
        tariff: { type: 'kWh', price: 350 },
        connectors: [
          { connectorId: 1, status: 'Available', errorCode: null, powerKw: null },
          { connectorId: 2, status: 'Charging', errorCode: null, powerKw: 11 },
        ],
      },
      {
        id: DC_CHARGER_ID,
        identity: 'SIM-PUB-2',
        installationId: INSTALLATION_ID,
        online: true,
        kind: 'DC',
        maxPowerKw: 150,
        tariff: { type: 'min', price: 200 },
        connectors: [
          { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', powerKw: null },
          { connectorId: 2, status: 'Unavailable', errorCode: null, powerKw: null },
        ],
      },
    ],
    connectorsFree: 1,
    connectorsTotal: 4,
    tariff: { type: 'kWh', price: 350 },
    ...overrides,
  };
}

export function testCharge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: CHARGE_ID,
    state: 'ready',
    label: 'ready',
    installationId: INSTALLATION_ID,
    installation: { id: INSTALLATION_ID, name: 'Ladistøð Tórshavn', ownerId: null },
    chargerId: CHARGER_ID,
    connectorId: 1,
    charger: { id: CHARGER_ID, identity: 'SIM-PUB-1', status: 'Preparing', online: true },
    tariff: { type: 'kWh', price: 350 },
    own: false,
    paymentMethodId: '0c8b6a9e-1f6d-4a57-9a55-1b2f3c4d5e60',
    held: 30_000,
    captured: 0,
    released: 0,
    kwh: 0,
    minutes: 0,
    elapsedSeconds: 0,
    powerKw: 0,
    powerLimitKw: null,
    amount: 0,
    errorKey: null,
    receiptId: null,
    startedAt: null,
    stoppedAt: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** A charge at a later moment: its figures, and an updatedAt that makes it the newer view. */
export function chargeAt(seconds: number, overrides: Partial<Charge> = {}): Charge {
  return testCharge({
    updatedAt: new Date(Date.parse('2026-03-05T12:00:00.000Z') + seconds * 1000).toISOString(),
    ...overrides,
  });
}
