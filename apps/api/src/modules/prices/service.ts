import {
  formatCurrency,
  localized,
  type Locale,
  type PriceBounds,
  type PriceChange,
  type StationPrices,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getStation, type StationScope } from '../admin/index.ts';
import * as repo from './repo.ts';

/** A change set for less than this far ahead is made at once. */
const NOW_SLACK_MS = 1000;

/** A station's products with their prices, their bounds and the changes still to come. */
export async function stationPrices(
  ctx: ServiceContext,
  stationId: number,
  scope: StationScope,
  locale: Locale,
): Promise<StationPrices> {
  const station = await getStation(ctx.db, stationId, scope);
  const [products, bounds] = await Promise.all([
    repo.productsOf(ctx.db, stationId),
    repo.boundsByCode(ctx.db),
  ]);
  const pending = await repo.pendingChanges(
    ctx.db,
    products.map((p) => p.id),
  );
  return {
    station: { id: station.id, name: station.name },
    items: products.map((p) => ({
      productId: p.id,
      service: p.service,
      code: p.code,
      name: localized(p.name, p.nameEn, locale),
      unit: p.unit,
      price: p.price,
      bounds: bounds.get(`${p.service}:${p.code}`) ?? null,
      scheduled: pending
        .filter((c) => c.stationProductId === p.id)
        .map((c) => ({ id: c.id, price: c.price, at: c.at.toISOString() })),
    })),
  };
}

/**
 * Sets the bounds of the product a station's product is (its code): they hold at every station
 * that sells it. Prices already outside them stay until they are next changed.
 */
export async function setBounds(ctx: ServiceContext, productId: number, bounds: PriceBounds) {
  const product = await repo.findProduct(ctx.db, productId);
  if (!product) throw notFound();
  const key = { service: product.service, code: product.code };
  const before = (await repo.boundsByCode(ctx.db)).get(`${key.service}:${key.code}`) ?? null;
  await repo.putBounds(ctx.db, key, bounds);
  const state = (b: { min: number; max: number } | null) =>
    b && { productId, ...key, min: b.min, max: b.max };
  return { before: state(before), after: { productId, ...key, ...bounds } };
}

/**
 * New prices for some of a station's products, all or none: a product the station does not sell
 * answers 404, a price outside its product's bounds 422 with the bounds in the caller's words.
 * A change without a time, or one whose time has come, holds at once; the others wait for the
 * job that applies them. The station lists every process keeps are dropped.
 */
export async function changePrices(
  ctx: ServiceContext,
  stationId: number,
  scope: StationScope,
  change: PriceChange,
  actorId: string | null,
  locale: Locale,
) {
  const before = await stationPrices(ctx, stationId, scope, locale);
  const now = ctx.clock.now();
  const byId = new Map(before.items.map((item) => [item.productId, item]));
  const planned = change.items.map((item, index) => {
    const product = byId.get(item.productId);
    if (!product) throw notFound();
    const { bounds } = product;
    if (bounds && (item.price < bounds.min || item.price > bounds.max))
      throw new AppError(
        422,
        'PRICE_OUT_OF_BOUNDS',
        'error.priceOutOfBounds',
        { [`items.${String(index)}.price`]: 'error.priceOutOfBoundsField' },
        undefined,
        {
          params: {
            product: product.name,
            min: formatCurrency(bounds.min),
            max: formatCurrency(bounds.max),
          },
        },
      );
    const at = item.at ? new Date(item.at) : now;
    const soon = at.getTime() <= now.getTime() + NOW_SLACK_MS;
    return { productId: item.productId, price: item.price, at: soon ? now : at, now: soon };
  });
  await repo.recordChanges(ctx.db, planned, actorId);
  if (planned.some((p) => p.now)) await ctx.bus.publish('stations.changed', { stationId });
  ctx.log.info({ stationId, changes: planned.length, by: actorId }, 'prices changed or scheduled');
  return { before, after: await stationPrices(ctx, stationId, scope, locale) };
}

export async function cancelPriceChange(
  ctx: ServiceContext,
  stationId: number,
  scope: StationScope,
  changeId: number,
) {
  await getStation(ctx.db, stationId, scope);
  if (!(await repo.cancelChange(ctx.db, stationId, changeId))) throw notFound();
}

/** Applies the changes that have come due, once across every process. */
export async function applyDuePrices(ctx: ServiceContext) {
  const stations = await repo.applyDue(ctx.db, ctx.clock.now());
  for (const stationId of stations) await ctx.bus.publish('stations.changed', { stationId });
  if (stations.length > 0) ctx.log.info({ stations }, 'scheduled prices applied');
}
