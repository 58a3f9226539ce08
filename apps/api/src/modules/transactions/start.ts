import {
  isLocale,
  startRefusal,
  type Locale,
  type PaymentProduct,
  type StationTransactionService,
} from '@stod/domain';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import { findProduct, getStation } from '../stations/index.ts';
import { returnProductVoucher } from '../vouchers/index.ts';
import * as wallet from '../wallet/index.ts';
import * as repo from './repo.ts';
import type { TransactionRow } from './repo.ts';

/** What a start request resolves to before anything is reserved: the station, point and product. */
export interface StartTarget {
  station: Awaited<ReturnType<typeof getStation>>;
  product: NonNullable<Awaited<ReturnType<typeof findProduct>>>;
}

/**
 * A start beside the user's open transaction, refused by the domain's rule (`startRefusal`):
 * anything under way refuses every start, a stopped wash another wash.
 */
export function refuseBeside(open: TransactionRow | null, service: StationTransactionService) {
  const refusal = startRefusal(open, service);
  if (refusal === 'error.washStopped') throw new AppError(409, 'WASH_STOPPED', refusal);
  if (refusal) throw new AppError(409, 'TRANSACTION_ACTIVE', refusal);
}

/**
 * Whether a start request is a first attempt, to be checked against its pump or bay before any
 * money moves. The user's open transaction is read before the key, so a twin request with the
 * same key that commits in between counts as this request's own, not as another transaction.
 */
export async function firstAttempt(
  db: Db,
  userId: string,
  requestKey: string,
  service: StationTransactionService,
) {
  const open = await repo.openOfUser(db, userId);
  if (open?.requestKey === requestKey) return false;
  if (await repo.findByRequestKey(db, userId, requestKey)) return false;
  refuseBeside(open, service);
  return true;
}

/** A pump or bay found busy may be busy with this very request's twin: then it is not refused. */
export async function busyWithAnother(db: Db, userId: string, requestKey: string) {
  return !(await repo.findByRequestKey(db, userId, requestKey));
}

/** The station, checked to offer the service at that point, and its product of that service. */
export async function resolveTarget(
  ctx: ServiceContext,
  service: StationTransactionService,
  input: { stationId: number; point: number; productId: number },
  locale: Locale,
  pointMissing: () => AppError,
): Promise<StartTarget> {
  const station = await getStation(ctx, input.stationId, locale);
  if (!station.services.includes(service)) throw notFound();
  const points = service === 'fuel' ? station.pumps : station.carwashBays;
  if (!points.includes(input.point)) throw pointMissing();
  const product = await findProduct(ctx.db, station.id, input.productId);
  if (!product || product.service !== service) throw notFound();
  return { station, product };
}

/** A first start at a pump or bay staff took out of service is refused; nothing is held. */
export async function refuseClosed(
  ctx: ServiceContext,
  service: StationTransactionService,
  stationId: number,
  point: number,
) {
  if ((await repo.closedPoints(ctx.db, stationId, service)).has(point))
    throw new AppError(
      409,
      'POINT_OUT_OF_SERVICE',
      service === 'fuel' ? 'error.pumpOutOfService' : 'error.bayOutOfService',
    );
}

/** The user's payment method, if it may buy the product (spec §5 preconditions). */
export async function payingMethod(
  ctx: ServiceContext,
  userId: string,
  paymentMethodId: string,
  product: PaymentProduct,
) {
  const method = await wallet.findMethod(ctx.db, userId, paymentMethodId);
  if (!method) throw notFound();
  const view = wallet.toView(method);
  if (!view.isActive || !view.products.includes(product))
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  return method;
}

/** The reservation row of a start request, made in the claim's transaction. */
export function reservation(
  ctx: ServiceContext,
  service: StationTransactionService,
  userId: string,
  target: StartTarget,
  point: number,
  claim: payments.Claim,
  request: unknown,
  locale: Locale,
  pay: { paymentMethodId: string | null; userVoucherId: string | null },
): repo.NewTransaction {
  return {
    userId,
    service,
    stationId: target.station.id,
    stationName: target.station.name,
    site: target.station.tokheim_station_id,
    point,
    productId: target.product.id,
    productCode: target.product.code,
    productName: target.product.name,
    productNameEn: target.product.nameEn,
    locale,
    unitPrice: target.product.price,
    durationSeconds: target.product.durationSeconds,
    paymentMethodId: pay.paymentMethodId,
    userVoucherId: pay.userVoucherId,
    requestKey: claim.paymentKey,
    idempotencyKey: claim.key,
    request,
    state: 'starting',
    held: 0,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  };
}

/** Refusals of the card gateway, as a start request answers them. */
export async function holdFor(
  ctx: ServiceContext,
  row: TransactionRow,
  method: Awaited<ReturnType<typeof payingMethod>>,
  amount: number,
  purpose: PaymentProduct,
) {
  const held = await payments.authorise(ctx, {
    userId: row.userId,
    paymentMethodId: method.id,
    token: method.token,
    amount,
    purpose,
    reference: row.id,
    idempotencyKey: row.requestKey,
  });
  if (held.status !== 'authorised')
    throw new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
  await repo.patch(ctx.db, row.id, { paymentId: held.id, held: held.amountHeld });
  return held;
}

/**
 * Notes why a start was refused; the claim's release then closes the row, so the point is free
 * and a voucher it took goes back, in the transaction that stores the refusal.
 */
export async function refuse(
  ctx: ServiceContext,
  row: TransactionRow,
  errorKey: string,
  released: number,
) {
  await repo.patchOpen(ctx.db, row.id, { errorKey, released });
}

/**
 * The reservation of a refused or abandoned request is closed, and a voucher it took goes back,
 * in the transaction that stores the refusal. Both start requests and the reconciliation's
 * abandon (through `registerRelease`) use it.
 */
export async function releaseReservation(
  tx: Parameters<typeof repo.lockUser>[0],
  userId: string,
  requestKey: string,
) {
  const row = await repo.findByRequestKey(tx, userId, requestKey);
  if (!row || row.finishedAt) return;
  await repo.transition(tx, row.id, ['starting', 'ready'], {
    state: 'failed',
    finishedAt: new Date(),
    errorKey: row.errorKey ?? 'error.approvePayment',
  });
  if (row.userVoucherId) await returnProductVoucher(tx, userId, row.userVoucherId);
}

/** A start request's scope, whose abandoned claims the payments reconciliation releases. */
export function registerStartScope(scope: string) {
  payments.registerRelease(scope, (tx, claim) =>
    releaseReservation(tx, claim.userId, claim.paymentKey),
  );
}

/** A start request that died after its reservation waits this long before it is resumed. */
const RESUME_AFTER_MS = payments.LEASE_MS + 5_000;

/**
 * Runs a start request that died after its reservation again, under its own key and request,
 * as the customer's retry would: it finishes or undoes itself step by step. A refusal is its
 * answer and ends the matter; anything else is left for the next pass.
 */
export async function resumeStart<R>(
  ctx: ServiceContext,
  row: TransactionRow,
  /**
   * Reads the stored request back in the shape the route gave it: the database keeps JSON with
   * its keys reordered, and the claim's fingerprint is of the request as first sent.
   */
  parse: (stored: unknown) => R,
  start: (
    ctx: ServiceContext,
    userId: string,
    request: R,
    key: string,
    locale: Locale,
  ) => Promise<unknown>,
) {
  if (ctx.clock.now().getTime() - row.updatedAt.getTime() < RESUME_AFTER_MS) return;
  await start(
    ctx,
    row.userId,
    parse(row.request),
    row.idempotencyKey,
    isLocale(row.locale) ? row.locale : 'fo',
  ).catch((error: unknown) => {
    if (!(error instanceof AppError && error.statusCode < 500)) throw error;
  });
}
