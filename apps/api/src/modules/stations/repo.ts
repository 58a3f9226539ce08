import {
  localized,
  type Locale,
  type OpeningHours,
  type Station,
  type StationService,
} from '@stod/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  beverages,
  productColors,
  stationPoints,
  stationProducts,
  stations,
} from '../../db/schema/index.ts';

/**
 * Stations with their products and points, in three queries whatever the count. Product names
 * are the operator's content, answered in `locale` (the Faroese when there is no English).
 */
export async function listStations(
  db: Db,
  locale: Locale,
  filter: { service?: StationService; id?: number } = {},
) {
  const where = filter.id
    ? eq(stations.id, filter.id)
    : filter.service
      ? sql`${stations.services} @> ${JSON.stringify([filter.service])}::jsonb`
      : undefined;
  const rows = await db.select().from(stations).where(where).orderBy(asc(stations.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [products, points] = await Promise.all([
    db
      .select()
      .from(stationProducts)
      .where(inArray(stationProducts.stationId, ids))
      .orderBy(asc(stationProducts.sort), asc(stationProducts.id)),
    db
      .select()
      .from(stationPoints)
      .where(inArray(stationPoints.stationId, ids))
      .orderBy(asc(stationPoints.number)),
  ]);
  return rows.map((row): Station => ({
    id: row.id,
    name: row.name,
    address: row.address,
    location: { lat: row.lat, lng: row.lng },
    services: row.services,
    tokheim_station_id: row.tokheimStationId,
    openingHours: row.openingHours,
    products: products
      .filter((p) => p.stationId === row.id)
      .map(({ id, service, code, name, nameEn, price, unit, durationSeconds }) => ({
        id,
        service,
        code,
        name: localized(name, nameEn, locale),
        price,
        unit,
        durationSeconds,
      })),
    pumps: points.filter((p) => p.stationId === row.id && p.kind === 'pump').map((p) => p.number),
    carwashBays: points
      .filter((p) => p.stationId === row.id && p.kind === 'bay')
      .map((p) => p.number),
  }));
}

/** Sets a station's opening hours; false when there is no such station. */
export async function setOpeningHours(db: Db, id: number, hours: OpeningHours) {
  const rows = await db
    .update(stations)
    .set({ openingHours: hours })
    .where(eq(stations.id, id))
    .returning({ id: stations.id });
  return rows.length > 0;
}

export function listProductColors(db: Db) {
  return db
    .select({ code: productColors.code, color: productColors.color })
    .from(productColors)
    .orderBy(asc(productColors.code));
}

export async function listBeverages(db: Db, locale: Locale) {
  const rows = await db.select().from(beverages).orderBy(asc(beverages.id));
  return rows.map((b) => ({
    id: b.id,
    beverage_family: b.beverageFamily,
    name: localized(b.name, b.nameEn, locale),
    price: b.price,
  }));
}

/** One product of a station as stored: both names, for records that keep them. */
export async function findProduct(db: Db, stationId: number, productId: number) {
  const [row] = await db
    .select()
    .from(stationProducts)
    .where(and(eq(stationProducts.stationId, stationId), eq(stationProducts.id, productId)));
  return row ?? null;
}
