import { localized, type Locale, type Station, type StationService } from '@stod/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { beverages, productColors, stationProducts, stations } from '../../db/schema/index.ts';

/** A product of a station as the list query hands it over, both names still there. */
interface ProductOfStation {
  id: number;
  service: Station['products'][number]['service'];
  code: string;
  name: string;
  nameEn: string | null;
  price: number;
  unit: Station['products'][number]['unit'];
  durationSeconds: number | null;
}

// Drizzle writes the columns of a one-table select without their table, so these correlated
// subqueries name theirs in full, under aliases of their own.

/** A station's products in their order (sort, then id), as one JSON array. */
const productsOfStation = sql<ProductOfStation[]>`coalesce((
  select json_agg(json_build_object(
      'id', p.id, 'service', p.service, 'code', p.code, 'name', p.name, 'nameEn', p.name_en,
      'price', p.price, 'unit', p.unit, 'durationSeconds', p.duration_seconds
    ) order by p.sort, p.id)
  from station_products p where p.station_id = "stations"."id"
), '[]'::json)`;

/** The numbers of a station's points of one kind, lowest first, as one JSON array. */
const pointsOfStation = (kind: 'pump' | 'bay') => sql<number[]>`coalesce((
  select json_agg(sp.number order by sp.number)
  from station_points sp where sp.station_id = "stations"."id" and sp.kind = ${kind}
), '[]'::json)`;

/** Every station, or the one with an id, or those offering a service: one prepared query. */
const stationList = (db: Db) =>
  db
    .select({
      station: stations,
      products: productsOfStation,
      pumps: pointsOfStation('pump'),
      carwashBays: pointsOfStation('bay'),
    })
    .from(stations)
    .where(
      sql`(${sql.placeholder('id')}::int is null or ${stations.id} = ${sql.placeholder('id')}::int)
        and (${sql.placeholder('service')}::text is null
          or ${stations.services} @> jsonb_build_array(${sql.placeholder('service')}::text))`,
    )
    .orderBy(asc(stations.id))
    .prepare('station_list');

/**
 * Stations with their products and points, in one query whatever the count: each station's
 * products and points come along as JSON arrays. An id, when given, wins over a service. Product
 * names are the operator's content, answered in `locale` (the Faroese when there is no English).
 */
export async function listStations(
  db: Db,
  locale: Locale,
  filter: { service?: StationService; id?: number } = {},
) {
  const rows = await prepared(db, 'station_list', stationList).execute({
    id: filter.id ? filter.id : null,
    service: filter.id ? null : (filter.service ?? null),
  });
  return rows.map(({ station: row, products, pumps, carwashBays }): Station => ({
    id: row.id,
    name: row.name,
    address: row.address,
    location: { lat: row.lat, lng: row.lng },
    services: row.services,
    tokheim_station_id: row.tokheimStationId,
    openingHours: row.openingHours,
    products: products.map(({ id, service, code, name, nameEn, price, unit, durationSeconds }) => ({
      id,
      service,
      code,
      name: localized(name, nameEn, locale),
      price,
      unit,
      durationSeconds,
    })),
    pumps,
    carwashBays,
    ...(row.services.includes('food') ? { kitchenPrepMinutes: row.kitchenPrepMinutes } : {}),
  }));
}

/** Sets a station's opening hours; false when there is no such station. */
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
