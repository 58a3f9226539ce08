import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../platform/context.ts';
import { SEED_LOCK, type Db } from '../db/client.ts';
import {
  beverageMachines,
  beverages,
  productBounds,
  productColors,
  stationPoints,
  stationProducts,
  stations,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/secrets.ts';
import { findUserByEmail, insertUser } from '../modules/users/index.ts';
import { seedCampaigns } from './campaigns.ts';
import { seedCharging } from './charging.ts';
import { seedEnglish } from './english.ts';
import { seedReceipts } from './receipts.ts';
import { seedSubscriptionPlans } from './subscriptions.ts';
import { seedStaff } from './staff.ts';
import { seedVouchers } from './vouchers.ts';
import { seedStations } from '../integrations/provider-stations/network.ts';
import { seedBeverages, seedProductColors, seedProducts } from './stations.ts';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-1' } as const;
/** The demo user's neighbour, whose home charger is shared with the demo user. */
export const NEIGHBOUR_ACCOUNT = {
  email: 'sigrid@example.com',
  password: 'demo-password-2',
} as const;
export { DEMO_STAFF } from './staff.ts';

/** Loads the demo data into an empty database; answers whether it did. */
export async function seedIfEmpty(ctx: ServiceContext): Promise<boolean> {
  if (ctx.config.SEED_DEMO === 'false') return false;
  // Processes that start together on one database seed it once: the others wait, then find it full.
  return ctx.database.exclusive(SEED_LOCK, () => seedUnlessFull(ctx));
}

async function seedUnlessFull(ctx: ServiceContext): Promise<boolean> {
  const mode = ctx.config.SEED_DEMO;
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0 && mode === 'auto') {
    // A development database seeded before the staff accounts, or before content had English,
    // gets them too.
    if (!ctx.config.isProduction) {
      await seedStaff(ctx.db);
      await seedEnglish(ctx.db);
      const demo = await findUserByEmail(ctx.db, DEMO_ACCOUNT.email);
      const neighbour = demo ? await neighbourOf(ctx.db) : null;
      await seedCharging(ctx.db, { demo: demo?.id ?? null, neighbour });
      await seedBeverageMachines(ctx.db);
      await seedPriceBounds(ctx.db);
      await seedCampaigns(ctx.db);
    }
    return false;
  }
  await seedDemo(ctx);
  return true;
}

export async function seedDemo(ctx: ServiceContext) {
  // The demo passwords are hashed on the thread pool while the station network is written.
  const demoHash = hashPassword(DEMO_ACCOUNT.password);
  const neighbourHash = hashPassword(NEIGHBOUR_ACCOUNT.password);
  // A failure is reported where each is awaited.
  for (const hash of [demoHash, neighbourHash]) hash.catch(() => undefined);
  await ctx.db.transaction(async (tx) => {
    await seedStationNetwork(tx);
    await seedVouchers(tx);
    await seedSubscriptionPlans(tx);
    await seedCampaigns(tx);
    const demo = await insertUser(tx, {
      email: DEMO_ACCOUNT.email,
      passwordHash: await demoHash,
      name: 'Jógvan Joensen',
      address: 'Áarvegur 1',
      postCode: '100',
      city: 'Tórshavn',
      mobile: '211234',
      emailVerified: true,
    });
    await seedReceipts(tx, demo.id);
    await seedCharging(tx, { demo: demo.id, neighbour: await neighbourOf(tx, neighbourHash) });
    if (!ctx.config.isProduction) await seedStaff(tx);
  });
}

/** The neighbour's account, made on first use; answers its id. */
async function neighbourOf(db: Db, passwordHash?: Promise<string>) {
  const found = await findUserByEmail(db, NEIGHBOUR_ACCOUNT.email);
  if (found) return found.id;
  const row = await insertUser(db, {
    email: NEIGHBOUR_ACCOUNT.email,
    passwordHash: await (passwordHash ?? hashPassword(NEIGHBOUR_ACCOUNT.password)),
    name: 'Sigrid Poulsen',
    address: 'Gundadalsvegur 3',
    postCode: '100',
    city: 'Tórshavn',
    mobile: '212345',
    emailVerified: true,
  });
  return row.id;
}

/** The stations, their products, pumps and bays, colours and beverages. */
export async function seedStationNetwork(db: Db) {
  const inserted = await db
    .insert(stations)
    .values(
      seedStations.map((s) => ({
        name: s.name,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        tokheimStationId: s.tokheimStationId,
        services: s.services,
        openingHours: s.hours,
      })),
    )
    .returning({ id: stations.id, tokheimStationId: stations.tokheimStationId });
  const products: (typeof stationProducts.$inferInsert)[] = [];
  const points: (typeof stationPoints.$inferInsert)[] = [];
  inserted.forEach((row, i) => {
    const seed = seedStations[i];
    if (!seed) return;
    for (const service of seed.services) {
      seedProducts[service].forEach((p, sort) => {
        products.push({ stationId: row.id, service, sort, ...p });
      });
    }
    for (let n = 1; n <= seed.pumps; n += 1)
      points.push({ stationId: row.id, kind: 'pump', number: n });
    for (let n = 1; n <= seed.bays; n += 1)
      points.push({ stationId: row.id, kind: 'bay', number: n });
  });
  await db.insert(stationProducts).values(products);
  await db.insert(stationPoints).values(points);
  await db.insert(productColors).values(seedProductColors).onConflictDoNothing();
  await db.insert(beverages).values(seedBeverages);
  await seedBeverageMachines(db);
  await seedPriceBounds(db);
}

/**
 * Bounds for every product the stations sell, from half to twice its seeded price, so a
 * mistyped price is refused from the first day; a database seeded before gets them too.
 */
export async function seedPriceBounds(db: Db) {
  const rows = await db
    .select({
      service: stationProducts.service,
      code: stationProducts.code,
      price: sql<number>`max(${stationProducts.price})::int`,
    })
    .from(stationProducts)
    .groupBy(stationProducts.service, stationProducts.code);
  if (rows.length === 0) return;
  await db
    .insert(productBounds)
    .values(
      rows.map((r) => ({
        service: r.service,
        code: r.code,
        minPrice: Math.max(1, Math.round(r.price / 2)),
        maxPrice: r.price * 2,
      })),
    )
    .onConflictDoNothing();
}

/** A coffee machine at every station with a kitchen; a database seeded before gets them too. */
export async function seedBeverageMachines(db: Db) {
  const [any] = await db.select({ id: beverageMachines.id }).from(beverageMachines).limit(1);
  if (any) return;
  const withFood = (await db.select().from(stations)).filter((s) => s.services.includes('food'));
  if (withFood.length === 0) return;
  await db
    .insert(beverageMachines)
    .values(withFood.map((s) => ({ stationId: s.id, name: 'Kaffimaskina' })));
}
