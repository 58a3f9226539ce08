import { DEMO_ID_TAG } from '@stod/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  chargerConnectors,
  chargers,
  idTags,
  installationShares,
  installations,
} from '../db/schema/index.ts';

/**
 * The demo installations and their chargers. In development they connect to this app's own
 * /ocpp endpoint as simulated chargers (most 1.6J, some 2.0.1), as real ones would.
 */
export const SEEDED_CHARGERS = [
  {
    identity: 'STOD-TH-DC1',
    installation: 'th',
    protocol: 'ocpp1.6',
    connectors: 2,
    maxPowerKw: 150,
    // A fast charger asks a start fee, and an idle fee of a car left half an hour after it is full.
    tariff: { type: 'kWh', price: 395, startFee: 500, idleFee: 100, idleGraceMinutes: 30 },
  },
  {
    identity: 'STOD-TH-AC1',
    installation: 'th',
    protocol: 'ocpp1.6',
    connectors: 2,
    maxPowerKw: 22,
    tariff: { type: 'kWh', price: 350 },
  },
  {
    identity: 'STOD-KL-AC1',
    installation: 'kl',
    protocol: 'ocpp2.0.1',
    connectors: 2,
    maxPowerKw: 22,
    tariff: { type: 'kWh', price: 350 },
  },
  {
    identity: 'STOD-RV-AC1',
    installation: 'rv',
    protocol: 'ocpp1.6',
    connectors: 1,
    maxPowerKw: 11,
    tariff: { type: 'min', price: 50 },
  },
  {
    identity: 'HEIMA-JJ-1',
    installation: 'home',
    protocol: 'ocpp1.6',
    connectors: 1,
    maxPowerKw: 11,
    tariff: { type: 'kWh', price: 0 },
  },
  {
    identity: 'HOYVIK-JJ-1',
    installation: 'ownPublic',
    protocol: 'ocpp1.6',
    connectors: 2,
    maxPowerKw: 22,
    tariff: { type: 'kWh', price: 325 },
  },
  {
    identity: 'HEIMA-SP-1',
    installation: 'neighbour',
    protocol: 'ocpp2.0.1',
    connectors: 1,
    maxPowerKw: 11,
    tariff: { type: 'kWh', price: 0 },
  },
] as const;

const INSTALLATIONS = {
  th: { name: 'Støð Tórshavn', lat: 62.0107, lng: -6.7741, public: true },
  kl: { name: 'Støð Klaksvík', lat: 62.2266, lng: -6.589, public: true },
  rv: { name: 'Støð Runavík', lat: 62.1085, lng: -6.7225, public: true },
  home: { name: 'Heima', lat: 62.0151, lng: -6.7802, public: false },
  ownPublic: { name: 'Hoyvíkar ladistøð', lat: 62.0335, lng: -6.7445, public: true },
  neighbour: { name: 'Heima hjá Sigrid', lat: 61.9968, lng: -6.7712, public: false },
} as const;

type InstallationKey = keyof typeof INSTALLATIONS;

/**
 * Seeds each installation once (a database seeded before one was added gets it now). The home
 * charger and the public one in Hoyvík belong to the demo user; the neighbour's home charger is
 * shared with the demo user, with a monthly cap of 150 kWh.
 */
export async function seedCharging(
  db: Db,
  owners: { demo: string | null; neighbour?: string | null },
) {
  const ownerOf: Record<InstallationKey, string | null> = {
    th: null,
    kl: null,
    rv: null,
    home: owners.demo,
    ownPublic: owners.demo,
    neighbour: owners.neighbour ?? null,
  };
  for (const [key, value] of Object.entries(INSTALLATIONS) as [
    InstallationKey,
    (typeof INSTALLATIONS)[InstallationKey],
  ][]) {
    const wanted = SEEDED_CHARGERS.filter((c) => c.installation === key);
    const [present] = await db
      .select({ id: chargers.id })
      .from(chargers)
      .where(
        inArray(
          chargers.identity,
          wanted.map((c) => c.identity),
        ),
      );
    if (present || (key === 'neighbour' && !ownerOf.neighbour)) continue;
    const [row] = await db
      .insert(installations)
      .values({ ...value, ownerId: ownerOf[key] })
      .returning({ id: installations.id });
    if (!row) continue;
    for (const c of wanted) await seedCharger(db, row.id, c);
    if (key === 'neighbour' && owners.demo)
      await db
        .insert(installationShares)
        .values({ installationId: row.id, userId: owners.demo, monthlyKwhCap: 150 })
        .onConflictDoNothing();
  }
  // The demo user's provider card, for starts at the charger itself (the simulator's `tag`).
  if (owners.demo)
    await db
      .insert(idTags)
      .values({ idTag: DEMO_ID_TAG, userId: owners.demo })
      .onConflictDoNothing();
}

async function seedCharger(db: Db, installationId: string, c: (typeof SEEDED_CHARGERS)[number]) {
  const [row] = await db
    .insert(chargers)
    .values({
      identity: c.identity,
      installationId,
      connectors: c.connectors,
      maxPowerKw: c.maxPowerKw,
      tariffType: c.tariff.type,
      tariffPrice: c.tariff.price,
      ...('startFee' in c.tariff
        ? {
            startFee: c.tariff.startFee,
            idleFee: c.tariff.idleFee,
            idleGraceMinutes: c.tariff.idleGraceMinutes,
          }
        : {}),
    })
    .returning({ id: chargers.id });
  if (!row) return;
  await db.insert(chargerConnectors).values(
    Array.from({ length: c.connectors }, (_, k) => ({
      chargerId: row.id,
      connectorId: k + 1,
      status: 'Unavailable' as const,
      updatedAt: new Date(0),
    })),
  );
}
