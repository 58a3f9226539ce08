import { DEMO_ID_TAG } from '@stod/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chargerConnectors, chargers, idTags, installations } from '../db/schema/index.ts';

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
    tariff: { type: 'kWh', price: 395 },
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
] as const;

const INSTALLATIONS = {
  th: { name: 'Støð Tórshavn', lat: 62.0107, lng: -6.7741, public: true },
  kl: { name: 'Støð Klaksvík', lat: 62.2266, lng: -6.589, public: true },
  rv: { name: 'Støð Runavík', lat: 62.1085, lng: -6.7225, public: true },
  home: { name: 'Heima', lat: 62.0151, lng: -6.7802, public: false },
} as const;

/** Seeds the installations once; the private one belongs to `ownerId` (the demo user). */
export async function seedCharging(db: Db, ownerId: string | null) {
  const [any] = await db
    .select({ id: chargers.id })
    .from(chargers)
    .where(eq(chargers.identity, 'STOD-TH-DC1'));
  if (any) return;
  const ids = new Map<string, string>();
  for (const [key, value] of Object.entries(INSTALLATIONS)) {
    const [row] = await db
      .insert(installations)
      .values({ ...value, ownerId: key === 'home' ? ownerId : null })
      .returning({ id: installations.id });
    if (row) ids.set(key, row.id);
  }
  for (const c of SEEDED_CHARGERS) {
    const installationId = ids.get(c.installation);
    if (!installationId) continue;
    const [row] = await db
      .insert(chargers)
      .values({
        identity: c.identity,
        installationId,
        connectors: c.connectors,
        maxPowerKw: c.maxPowerKw,
        tariffType: c.tariff.type,
        tariffPrice: c.tariff.price,
      })
      .returning({ id: chargers.id });
    if (!row) continue;
    await db.insert(chargerConnectors).values(
      Array.from({ length: c.connectors }, (_, k) => ({
        chargerId: row.id,
        connectorId: k + 1,
        status: 'Unavailable' as const,
        updatedAt: new Date(0),
      })),
    );
  }
  // The demo user's provider card, for starts at the charger itself (the simulator's `tag`).
  if (ownerId)
    await db.insert(idTags).values({ idTag: DEMO_ID_TAG, userId: ownerId }).onConflictDoNothing();
}
