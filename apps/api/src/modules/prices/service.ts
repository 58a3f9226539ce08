import {
  formatCurrency,
  localized,
  sameSign,
  signPlan,
  type SignPrice,
  type Locale,
  type PriceBounds,
  type PriceChange,
  type StationPrices,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { ForecourtError } from '../../integrations/forecourt/port.ts';
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
  const [products, bounds, sign] = await Promise.all([
    repo.productsOf(ctx.db, stationId),
    repo.boundsByCode(ctx.db),
    repo.signOf(ctx.db, stationId),
  ]);
  const now = ctx.clock.now().getTime();
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
        .map((c) => ({
          id: c.id,
          price: c.price,
          at: c.at.toISOString(),
          waitingForSign: p.service === 'fuel' && c.at.getTime() <= now,
        })),
    })),
    sign:
      sign?.shownAt && products.some((p) => p.service === 'fuel')
        ? { hasSign: sign.hasSign, prices: sign.prices, shownAt: sign.shownAt.toISOString() }
        : null,
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
 * A change without a time, or one whose time has come, holds at once (a fuel price through the
 * station's sign, see `settlePrices`); the others wait for the job that applies them. The
 * station lists every process keeps are dropped.
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
    // A fuel price goes through the station's sign, in the order the sign needs.
    const fuel = product.service === 'fuel';
    return {
      productId: item.productId,
      price: item.price,
      at: soon ? now : at,
      now: soon && !fuel,
    };
  });
  await repo.recordChanges(ctx.db, planned, actorId);
  if (planned.some((p) => p.now)) await ctx.bus.publish('stations.changed', { stationId });
  if (planned.some((p) => !p.now && p.at === now)) await settlePrices(ctx, stationId);
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

/** A process holds a station's sign this long at most: longer than a site call may take. */
const SIGN_LEASE_MS = 30_000;

/**
 * Applies the price changes that have come due, once across every process, and keeps each
 * station's price sign in step with its fuel prices: a price that falls reaches the pumps first
 * and the sign after, one that rises the sign first and the pumps only once the sign showed it
 * (`signPlan`). A sign out of reach holds a rise back, with the pumps at the old price, until it
 * answers; a station whose sign differs from its prices (a fall it missed, a site that booted)
 * is sent them again. Without a `stationId`, every station.
 */
export async function settlePrices(ctx: ServiceContext, stationId?: number) {
  const now = ctx.clock.now();
  const due = await repo.dueChanges(ctx.db, now, stationId);
  const changed = new Set<number>();
  // Every product but fuel has no sign: it changes at once.
  const other = due.filter((c) => c.service !== 'fuel');
  if (
    await repo.applyChanges(
      ctx.db,
      other.map((c) => c.id),
      now,
    )
  )
    for (const c of other) changed.add(c.stationId);

  const { products, signs } = await repo.fuelAndSigns(ctx.db, stationId);
  const sites = new Map<number, { site: string; prices: SignPrice[] }>();
  for (const p of products) {
    const entry = sites.get(p.stationId) ?? { site: p.site, prices: [] };
    entry.prices.push({ grade: p.code, unitPrice: p.price });
    sites.set(p.stationId, entry);
  }
  const dueFuel = new Set(due.filter((c) => c.service === 'fuel').map((c) => c.stationId));
  for (const [id, { site, prices }] of sites) {
    const sign = signs.get(id);
    const stale = !sign?.shownAt || !sameSign(sign.prices, prices);
    if (!dueFuel.has(id) && !stale) continue;
    if (await settleSign(ctx, id, site)) changed.add(id);
  }
  for (const id of changed) await ctx.bus.publish('stations.changed', { stationId: id });
  if (changed.size > 0) ctx.log.info({ stations: [...changed] }, 'prices applied');
}

/** One station's fuel prices and sign, by the process that holds its lease; true if a price changed. */
async function settleSign(ctx: ServiceContext, stationId: number, site: string) {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + SIGN_LEASE_MS);
  if (!(await repo.claimSign(ctx.db, stationId, now, until))) return false;
  let shown: Parameters<typeof repo.signShown>[2] = null;
  let applied = 0;
  try {
    // Read again under the lease: no other process changes this station's prices meanwhile.
    const { products } = await repo.fuelAndSigns(ctx.db, stationId);
    const due = (await repo.dueChanges(ctx.db, now, stationId)).filter((c) => c.service === 'fuel');
    const plan = signPlan(products, due);
    applied += await repo.applyChanges(ctx.db, plan.first, now);
    const outcome = await showOnSign(ctx, site, plan.sign, plan.afterSign.length > 0);
    if (outcome === 'unreachable') return applied > 0;
    shown = { prices: plan.sign, hasSign: outcome === 'shown', at: ctx.clock.now() };
    applied += await repo.applyChanges(ctx.db, plan.afterSign, now);
    return applied > 0;
  } finally {
    await repo.signShown(ctx.db, stationId, shown);
  }
}

/** The sign's answer: shown, no sign at this site, or out of reach (tried again later). */
async function showOnSign(
  ctx: ServiceContext,
  site: string,
  prices: readonly SignPrice[],
  riseWaits: boolean,
) {
  if (!ctx.forecourt.showPrices) return 'no_sign';
  try {
    return await ctx.forecourt.showPrices(site, prices);
  } catch (error) {
    if (!(error instanceof ForecourtError)) throw error;
    // A site that is away is tried again at every pass: said loudly only while a rise waits.
    if (riseWaits)
      ctx.log.warn({ site, code: error.code }, 'price sign out of reach; a rising price waits');
    else ctx.log.debug({ site, code: error.code }, 'price sign out of reach');
    return 'unreachable';
  }
}

/** A site booted: its sign may show nothing now, so it is sent its prices again. */
export async function siteBooted(ctx: ServiceContext, site: string) {
  for (const stationId of await repo.forgetSign(ctx.db, site)) await settlePrices(ctx, stationId);
}
