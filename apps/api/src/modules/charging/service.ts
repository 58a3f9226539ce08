import {
  chargePrice,
  isFreeStatus,
  isLocale,
  ownerCredit,
  type Charge,
  type ChargeCreate,
  type ChargeState,
  type ConnectorStatus,
  type Locale,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { liveFiguresOf } from '../../platform/live-figures.ts';
import { ChargerUnreachable } from '../../integrations/ocpp/port.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { crashPoint } from '../../lib/crash.ts';
import { announce } from '../notifications/index.ts';
import * as payments from '../payments/index.ts';
import { createReceipt } from '../receipts/index.ts';
import * as wallet from '../wallet/index.ts';
import { sendCommand } from './commands.ts';
import { askNoTransaction } from './no-transaction.ts';
import * as repo from './repo.ts';
import type { ChargePatch, ChargeRow } from './repo.ts';
import { termsOf, type Terms } from './terms.ts';
import {
  accessOf,
  chargeView,
  chargerView,
  installationView,
  secondsOf,
  statusOf,
  tariffFor,
  tariffOf,
} from './views.ts';

/**
 * Charges: opened at a connector with a hold (none at the user's own installation), started and
 * stopped over OCPP, priced by kWh or by minute, captured once at most the hold, the rest
 * released, the receipt written and the owner credited. Every step is written before the next.
 */

const SCOPE = 'charge';

export const chargeActive = () => new AppError(409, 'CHARGE_ACTIVE', 'error.chargeActive');
export const chargerUnavailable = () =>
  new AppError(409, 'CHARGER_UNAVAILABLE', 'error.chargerUnavailable');
export const chargerOffline = () => new AppError(409, 'CHARGER_OFFLINE', 'error.chargerOffline');
const illegalState = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');

// ---------------------------------------------------------------------------------------------
// Live figures. Meter values arrive every few seconds per charger: each is published at once
// and written to the database every PERSIST_EVERY_MS, so a restart finds where a charge stood.
// Every process keeps the latest view of each running charge from the bus.

const PERSIST_EVERY_MS = 15_000;
const liveOf = liveFiguresOf<ChargeRow, Charge>(PERSIST_EVERY_MS, (ctx, rows) =>
  repo.writeMeterReadings(ctx.db, rows),
);

/** Keeps every process's view of running charges; answers the function that stops it. */
export function watchCharges(ctx: ServiceContext) {
  const live = liveOf(ctx);
  const stop = ctx.bus.subscribe('charge.changed', ({ charge }) => live.heard(charge));
  return () => {
    stop();
    // The readings still queued go to the database before it closes.
    void live.close();
  };
}

/** The live power at a connector, from the latest view of its running charge. */
function livePower(ctx: ServiceContext) {
  const byConnector = new Map<string, number>();
  for (const charge of liveOf(ctx).latest.values())
    if (charge.state === 'charging')
      byConnector.set(`${charge.chargerId}:${charge.connectorId}`, charge.powerKw);
  return (chargerId: string, connectorId: number) =>
    byConnector.get(`${chargerId}:${connectorId}`) ?? null;
}

/** The charger's side of a charge's view. */
async function chargerSide(ctx: ServiceContext, row: ChargeRow) {
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  const connector = charger ? await repo.findConnector(ctx.db, charger.id, row.connectorId) : null;
  return {
    identity: charger?.identity ?? '',
    status: charger ? statusOf(charger, connector ?? undefined) : ('Offline' as ConnectorStatus),
    online: charger?.connected ?? false,
  };
}

const priceOf = (row: ChargeRow, now: Date) =>
  row.own ? 0 : chargePrice(tariffOf(row), row.energyWh, secondsOf(row, now), row.held || Infinity);

export async function toCharge(ctx: ServiceContext, row: ChargeRow): Promise<Charge> {
  const now = ctx.clock.now();
  return chargeView(row, await chargerSide(ctx, row), now, priceOf(row, now));
}

async function publishView(ctx: ServiceContext, charge: Charge, userId: string) {
  await ctx.bus.publish('charge.changed', { userId, chargeId: charge.id, charge });
}

export async function publish(ctx: ServiceContext, row: ChargeRow) {
  liveOf(ctx).published(row);
  await publishView(ctx, await toCharge(ctx, row), row.userId);
}

/** A running charge's row, from this process's cache or the database. */
export function cachedCharge(ctx: ServiceContext, id: string) {
  return liveOf(ctx).row(id, () => repo.findCharge(ctx.db, id));
}

/**
 * A meter reading: published at once, written every few seconds with the other due readings of
 * this process, in one statement that changes only the meter columns of a still running charge.
 */
export async function progress(ctx: ServiceContext, row: ChargeRow, set: ChargePatch) {
  const live = liveOf(ctx);
  const next: ChargeRow = { ...row, ...set, updatedAt: ctx.clock.now() };
  live.reading(next);
  // A reading changes the figures, not the charger: its side is the one last published (a
  // status or a connection change publishes from the database again).
  const seen = live.latest.get(row.id);
  if (seen?.state === next.state) {
    const now = ctx.clock.now();
    const { identity, status, online } = seen.charger;
    const view = chargeView(next, { identity, status, online }, now, priceOf(next, now));
    await publishView(ctx, view, next.userId);
  } else await publish(ctx, next);
  return next;
}

/** The freshest figures of a charge: this process's cache if it holds newer readings. */
export function freshest(ctx: ServiceContext, row: ChargeRow): ChargeRow {
  const cached = liveOf(ctx).cached(row.id);
  if (!cached || cached.state !== row.state) return row;
  const newer = (cached.meterLastAt?.getTime() ?? 0) > (row.meterLastAt?.getTime() ?? 0);
  return newer
    ? {
        ...row,
        meterLast: cached.meterLast,
        meterLastAt: cached.meterLastAt,
        energyWh: cached.energyWh,
        powerW: cached.powerW,
      }
    : row;
}

function withLive(ctx: ServiceContext, row: ChargeRow) {
  return toCharge(ctx, freshest(ctx, row));
}

// ---------------------------------------------------------------------------------------------
// Installations.

export async function listInstallations(ctx: ServiceContext, userId: string) {
  const rows = await repo.usableInstallations(ctx.db, userId);
  return { items: await installationViews(ctx, userId, rows) };
}

/** The views of installations the user may use, with their chargers' live status and prices. */
export async function installationViews(
  ctx: ServiceContext,
  userId: string,
  rows: repo.InstallationRow[],
) {
  const shares = new Map(
    (await repo.sharesOfUser(ctx.db, userId)).map((share) => [share.installationId, share]),
  );
  const chargers = await repo.chargersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const connectors = await repo.connectorsOf(
    ctx.db,
    chargers.map((c) => c.id),
  );
  const power = livePower(ctx);
  return rows.map((installation) => {
    const share = shares.get(installation.id);
    const access = accessOf(installation, userId, share) ?? 'public';
    const views = chargers
      .filter((c) => c.installationId === installation.id)
      .map((c) =>
        chargerView(
          c,
          connectors.filter((k) => k.chargerId === c.id),
          tariffFor(c, access, share),
          power,
        ),
      );
    return installationView(installation, access, views);
  });
}

export async function usableInstallation(ctx: ServiceContext, userId: string, id: string) {
  const installation = await repo.findInstallation(ctx.db, id);
  const share = installation ? await repo.shareOf(ctx.db, installation.id, userId) : null;
  const access = installation ? accessOf(installation, userId, share) : null;
  if (!installation || !access) throw notFound();
  return { installation, access, share };
}

export async function getInstallation(ctx: ServiceContext, userId: string, id: string) {
  const { installation, access, share } = await usableInstallation(ctx, userId, id);
  const chargers = await repo.chargersOf(ctx.db, [installation.id]);
  const connectors = await repo.connectorsOf(
    ctx.db,
    chargers.map((c) => c.id),
  );
  const power = livePower(ctx);
  const views = chargers.map((c) =>
    chargerView(
      c,
      connectors.filter((k) => k.chargerId === c.id),
      tariffFor(c, access, share),
      power,
    ),
  );
  return installationView(installation, access, views);
}

export async function getCharger(ctx: ServiceContext, userId: string, id: string) {
  const charger = await repo.findCharger(ctx.db, id);
  if (!charger) throw notFound();
  const { installation, access, share } = await usableInstallation(
    ctx,
    userId,
    charger.installationId,
  );
  const connectors = await repo.connectorsOf(ctx.db, [charger.id]);
  return {
    ...chargerView(charger, connectors, tariffFor(charger, access, share), livePower(ctx)),
    installation: { id: installation.id, name: installation.name },
  };
}

// ---------------------------------------------------------------------------------------------
// Opening a charge.

/** The per-charge tag the backend starts it with: an OCPP IdToken of at most 20 characters. */
const tagOf = (chargeId: string) => `S${chargeId.replaceAll('-', '').slice(0, 19).toUpperCase()}`;

export async function createCharge(
  ctx: ServiceContext,
  userId: string,
  input: ChargeCreate,
  idempotencyKey: string,
  locale: Locale,
) {
  const { installation, access, share } = await usableInstallation(
    ctx,
    userId,
    input.installationId,
  );
  const charger = await repo.findCharger(ctx.db, input.chargerId);
  if (!charger || charger.installationId !== installation.id) throw notFound();
  if (input.connectorId > charger.connectors) throw notFound();
  const terms = await termsOf(ctx, charger, access, share);
  const method =
    terms.free || !input.paymentMethodId
      ? null
      : await wallet.findMethod(ctx.db, userId, input.paymentMethodId);
  if (!terms.free && !input.paymentMethodId)
    throw new AppError(422, 'VALIDATION', 'validation.form', {
      paymentMethodId: 'validation.required',
    });
  if (!terms.free && !method) throw notFound();
  if (method) {
    const view = wallet.toView(method);
    if (!view.isActive || !view.products.includes('charging'))
      throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  }
  const requestKey = payments.paymentKeyOf(SCOPE, idempotencyKey);
  // The open charge is read first: a twin request with the same key that commits meanwhile is
  // then this request's own charge, not another one.
  const open = await repo.openChargeOfUser(ctx.db, userId);
  if (
    open?.requestKey !== requestKey &&
    !(await repo.findByRequestKey(ctx.db, userId, requestKey))
  ) {
    if (open) throw chargeActive();
    await assertFree(ctx, charger, input.connectorId);
  }
  const row = await openCharge(ctx, {
    userId,
    installation,
    charger,
    connectorId: input.connectorId,
    terms,
    method: method ?? null,
    source: 'app',
    key: idempotencyKey,
    request: input,
    locale,
  });
  if (!row.finishedAt) await publish(ctx, row);
  return toCharge(ctx, row);
}

export interface Opening {
  userId: string;
  installation: repo.InstallationRow;
  charger: repo.ChargerRow;
  connectorId: number;
  terms: Terms;
  /** The card the hold is placed on; none when the charge is free. */
  method: wallet.PaymentMethodRow | null;
  /** 'app': opened in the app, tagged by the backend; 'tag': a card presented at the charger. */
  source: 'app' | 'tag';
  /** The tag the charger knows the charge by: the presented card's, else the backend's own. */
  idTag?: string;
  key: string;
  request: unknown;
  locale: Locale;
}

/**
 * Opens a charge once per key: the row first (the unique indexes keep one open charge per user
 * and per connector), then the hold on the card, then "ready". A repeat of the key, even after a
 * crash between the steps, finishes the same charge and never holds twice.
 */
export async function openCharge(ctx: ServiceContext, o: Opening): Promise<ChargeRow> {
  const { userId, installation, charger, terms, method } = o;
  const hold = ctx.config.CHARGE_HOLD_KR * 100;
  await payments.runIdempotent(
    ctx.db,
    { userId, scope: SCOPE, key: o.key, request: o.request },
    {
      reserve: async (tx, claim) => {
        await repo.lockUser(tx, userId);
        if (await repo.findByRequestKey(tx, userId, claim.paymentKey)) return;
        if (await repo.openChargeOfUser(tx, userId)) throw chargeActive();
        const id = crypto.randomUUID();
        const inserted = await repo.insertCharge(tx, {
          id,
          userId,
          installationId: installation.id,
          installationName: installation.name,
          chargerId: charger.id,
          connectorId: o.connectorId,
          source: o.source,
          own: terms.own,
          ownerId: installation.ownerId,
          shareId: terms.share?.id ?? null,
          energyCapWh: terms.energyCapWh,
          tariffType: terms.tariffType,
          tariffPrice: terms.tariffPrice,
          state: terms.free ? 'ready' : 'starting',
          locale: o.locale,
          paymentMethodId: method?.id ?? null,
          requestKey: claim.paymentKey,
          idempotencyKey: claim.key,
          request: o.request,
          idTag: o.idTag ?? tagOf(id),
        });
        if (!inserted) throw chargerUnavailable();
      },
      act: async (claim) => {
        const row = await repo.findByRequestKey(ctx.db, userId, claim.paymentKey);
        if (!row) throw illegalState();
        if (row.state !== 'starting' || !method) return row.id;
        const held = await payments.authorise(ctx, {
          userId,
          paymentMethodId: method.id,
          token: method.token,
          amount: hold,
          purpose: 'charging',
          reference: row.id,
          idempotencyKey: row.requestKey ?? claim.paymentKey,
        });
        if (held.status !== 'authorised') {
          await repo.patchCharge(ctx.db, row.id, { errorKey: 'error.paymentUnsuccessful' });
          throw new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
        }
        // The charge's own reconciliation watches this hold from now on.
        await payments.markServiceStarted(ctx, held.id);
        await repo.patchCharge(ctx.db, row.id, { paymentId: held.id, held: held.amountHeld });
        return row.id;
      },
      finish: async (tx, _claim, id) => {
        await repo.transition(tx, id, ['starting'], { state: 'ready' });
        return { id };
      },
      release: (tx, claim) => releaseReservation(tx, userId, claim.paymentKey),
    },
  );
  const row = await repo.findByRequestKey(ctx.db, userId, payments.paymentKeyOf(SCOPE, o.key));
  if (!row) throw illegalState();
  return row;
}

async function releaseReservation(
  tx: Parameters<typeof repo.lockUser>[0],
  userId: string,
  key: string,
) {
  const row = await repo.findByRequestKey(tx, userId, key);
  if (!row || row.finishedAt) return;
  await repo.transition(tx, row.id, ['starting', 'ready'], {
    state: 'failed',
    finishedAt: new Date(),
    errorKey: row.errorKey ?? 'error.approvePayment',
  });
}
payments.registerRelease(SCOPE, (tx, claim) =>
  releaseReservation(tx, claim.userId, claim.paymentKey),
);

/** A connector a charge may be opened or started at: its charger online, nothing else on it. */
async function assertFree(ctx: ServiceContext, charger: repo.ChargerRow, connectorId: number) {
  if (!charger.connected) throw chargerOffline();
  const connector = await repo.findConnector(ctx.db, charger.id, connectorId);
  if (!connector || !isFreeStatus(connector.status)) throw chargerUnavailable();
}

// ---------------------------------------------------------------------------------------------
// Start, stop, cancel, delete.

async function owned(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findOwnedCharge(ctx.db, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function startCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (row.state !== 'ready') {
    if (['waiting', 'charging'].includes(row.state)) return withLive(ctx, row);
    throw illegalState();
  }
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (!charger) throw chargerUnavailable();
  // A busy or faulted connector is refused here, before any command goes out.
  await assertFree(ctx, charger, row.connectorId);
  // The remote start's id is kept before it goes out: a 2.0.1 charger may name the start by it
  // alone (no idToken in its TransactionEvent).
  const remoteStartId = remoteStartIdOf(row.id);
  const starting = await repo.transition(ctx.db, row.id, ['ready'], {
    state: 'starting',
    errorKey: null,
    remoteStartId,
  });
  if (!starting) throw illegalState();
  let answer;
  try {
    answer = await sendCommand(ctx, charger.identity, {
      kind: 'remoteStart',
      connectorId: row.connectorId,
      idTag: row.idTag,
      remoteStartId,
    });
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    await backToReady(ctx, row.id, 'error.chargerOffline');
    throw chargerOffline();
  }
  if (answer !== 'Accepted') {
    await backToReady(ctx, row.id, 'error.chargerRefused');
    throw new AppError(409, 'CHARGER_REFUSED', 'error.chargerRefused');
  }
  // The charger may have started already (the car was plugged in): then it is charging.
  const waiting = await repo.transition(ctx.db, row.id, ['starting'], { state: 'waiting' });
  const now = waiting ?? (await repo.findCharge(ctx.db, row.id)) ?? row;
  await publish(ctx, now);
  return withLive(ctx, now);
}

const remoteStartIdOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 7), 16);

async function backToReady(ctx: ServiceContext, id: string, errorKey: string) {
  const back = await repo.transition(ctx.db, id, ['starting'], { state: 'ready', errorKey });
  if (back) await publish(ctx, back);
}

export async function stopCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (['stopping', 'settling', 'completed'].includes(row.state)) return withLive(ctx, row);
  if (row.state === 'waiting') return stopBeforeStart(ctx, row);
  if (row.state !== 'charging' || !row.ocppTx) throw illegalState();
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (!charger) throw chargerUnavailable();
  const stopping = await repo.transition(ctx.db, row.id, ['charging'], { state: 'stopping' });
  if (!stopping) return withLive(ctx, (await repo.findCharge(ctx.db, row.id)) ?? row);
  await publish(ctx, freshest(ctx, stopping));
  let answer;
  try {
    answer = await sendCommand(ctx, charger.identity, {
      kind: 'remoteStop',
      transactionId: row.ocppTx,
    });
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    answer = 'unreachable' as const;
  }
  if (answer !== 'Accepted') {
    const back = await repo.transition(ctx.db, row.id, ['stopping'], { state: 'charging' });
    if (back) await publish(ctx, freshest(ctx, back));
    throw answer === 'unreachable'
      ? chargerOffline()
      : new AppError(409, 'CHARGER_REFUSED', 'error.chargerRefused');
  }
  const now = (await repo.findCharge(ctx.db, row.id)) ?? stopping;
  return withLive(ctx, now);
}

/**
 * A charge stopped after its charger took the remote start but before it named a transaction:
 * the charger may hold one we have not heard of yet. It goes to 'stopping' with its hold; the
 * charger is asked for its connector's status (and to stop any unclaimed transaction there).
 * A start that comes now is linked and stopped at once, billed as far as it went; a status with
 * no start before it confirms there is none, and the hold is voided (transactions.ts).
 */
async function stopBeforeStart(ctx: ServiceContext, row: ChargeRow) {
  const stopping = await repo.transition(ctx.db, row.id, ['waiting'], { state: 'stopping' });
  if (!stopping) return withLive(ctx, (await repo.findCharge(ctx.db, row.id)) ?? row);
  await publish(ctx, stopping);
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (charger)
    void askNoTransaction(ctx, charger, row.connectorId).catch((error: unknown) => {
      ctx.log.warn({ err: error, chargeId: row.id }, 'charger not asked; the reconciliation asks');
    });
  return withLive(ctx, stopping);
}

export async function cancelCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (row.state === 'cancelled') return toCharge(ctx, row);
  if (row.state === 'waiting') return stopBeforeStart(ctx, row);
  if (row.state !== 'ready') throw illegalState();
  const cancelled = await repo.transition(ctx.db, row.id, ['ready'], {
    state: 'cancelled',
    finishedAt: ctx.clock.now(),
  });
  if (!cancelled) throw illegalState();
  return toCharge(ctx, await settle(ctx, cancelled));
}

export async function deleteCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  const neverStarted = !row.startedAt && !row.ocppTx && !row.receiptId;
  if (!neverStarted || !['ready', 'cancelled', 'failed'].includes(row.state)) throw illegalState();
  if (row.state === 'ready') {
    const cancelled = await repo.transition(ctx.db, row.id, ['ready'], {
      state: 'cancelled',
      finishedAt: ctx.clock.now(),
    });
    if (!cancelled) throw illegalState();
    await settle(ctx, cancelled);
  }
  const again = await repo.findCharge(ctx.db, row.id);
  // A hold not yet released stays on record until it is.
  if (again && again.paymentId && again.released < again.held) throw illegalState();
  // The payment keeps its own record; the charge row goes, as the user asked.
  await repo.deleteCharge(ctx.db, row.id);
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function getCharge(ctx: ServiceContext, userId: string, id: string) {
  return withLive(ctx, await owned(ctx, userId, id));
}

export async function activeCharge(ctx: ServiceContext, userId: string) {
  const row = await repo.openChargeOfUser(ctx.db, userId);
  return { charge: row ? await withLive(ctx, row) : null };
}

export async function listCharges(
  ctx: ServiceContext,
  userId: string,
  offset: number,
  take: number,
) {
  const page = await repo.listCharges(ctx.db, userId, offset, take);
  return {
    items: await Promise.all(page.items.map((row) => withLive(ctx, row))),
    total: page.total,
  };
}

// ---------------------------------------------------------------------------------------------
// Settling: the money step that follows a charge's end, keyed by the charge so it runs once
// whoever repeats it (the OCPP stop, the reconciliation after a crash).

const ENDED: readonly ChargeState[] = ['cancelled', 'failed'];

export async function settle(ctx: ServiceContext, row: ChargeRow): Promise<ChargeRow> {
  const payment = row.paymentId
    ? await payments.paymentByKey(ctx, row.userId, row.requestKey ?? '')
    : null;
  if (ENDED.includes(row.state)) {
    if (payment?.status === 'authorised') {
      await payments.voidHold(ctx, payment.id, `${row.id}:void`);
      const voided = await repo.patchCharge(ctx.db, row.id, { released: row.held, captured: 0 });
      if (voided) await publish(ctx, voided);
      return voided ?? row;
    }
    await publish(ctx, row);
    return row;
  }
  if (row.state !== 'settling' || row.receiptId) return row;

  const seconds = secondsOf(row, ctx.clock.now());
  const amount = row.own
    ? 0
    : chargePrice(tariffOf(row), row.energyWh, seconds, row.held || Infinity);
  let fromCard = 0;
  let fromBalance = 0;
  if (payment) {
    const split = await payments.captureWithBalance(ctx, payment.id, amount, `${row.id}:capture`);
    fromCard = split.fromCard;
    fromBalance = split.fromBalance;
  }
  crashPoint('charge.after-capture');
  const written = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockCharge(tx, row.id);
    if (!locked || locked.receiptId || locked.state !== 'settling') return null;
    const minutes = Math.round(seconds / 6) / 10;
    const kwh = Math.round(locked.energyWh) / 1000;
    const priceType = locked.tariffType === 'min' ? ('min' as const) : ('kwh' as const);
    const receipt = await createReceipt(tx, {
      userId: locked.userId,
      paymentId: locked.paymentId,
      stationName: locked.installationName,
      productType: 'Charge',
      productDescription: locked.installationName,
      amount,
      quantity: priceType === 'min' ? minutes : kwh,
      unitPrice: locked.tariffPrice,
      data: {
        products: [
          {
            description: locked.installationName,
            totalPrice: amount,
            price: locked.tariffPrice,
            priceType,
            quantity: priceType === 'min' ? minutes : kwh,
          },
        ],
        kwh,
        totalTime: minutes,
      },
    });
    // Spec §9: the owner of a public installation earns 0.2 kr. per kWh others charge there; a
    // shared user pays the owner the share's price instead.
    if (!locked.own && locked.ownerId && locked.ownerId !== locked.userId) {
      await repo.insertOwnerCredit(tx, {
        ownerId: locked.ownerId,
        installationId: locked.installationId,
        chargeId: locked.id,
        energyWh: locked.energyWh,
        kind: locked.shareId ? 'share' : 'public',
        amount: locked.shareId ? amount : ownerCredit(locked.energyWh),
      });
    }
    const updated = await repo.patchCharge(tx, locked.id, {
      state: 'completed',
      finishedAt: ctx.clock.now(),
      receiptId: receipt.id,
      amount,
      captured: fromCard,
      fromBalance,
      // What the balance paid never came from the hold: the card gives back all it did not take.
      released: Math.max(0, locked.held - fromCard),
      powerW: 0,
    });
    return updated ? { row: updated, receiptId: receipt.id } : null;
  });
  if (!written) return (await repo.findCharge(ctx.db, row.id)) ?? row;
  await ctx.bus.publish('receipt.created', { userId: row.userId, receiptId: written.receiptId });
  await publish(ctx, written.row);
  await announce.chargeComplete(ctx, written.row);
  return written.row;
}

/**
 * Ends a running charge at its last reading (the charger's stop, a reboot, a long absence, or a
 * new transaction on its connector). The close is written first; a settling that fails now (the
 * gateway away) is left to the reconciliation, which settles every charge left in 'settling'.
 */
export async function closeAt(
  ctx: ServiceContext,
  row: ChargeRow,
  end: {
    meterWh: number | null;
    at: Date;
    reason: string;
    errorKey?: string | null;
    /** Why an operator should look at it: it was closed from what was known, not the stop. */
    review?: string;
  },
) {
  const fresh = freshest(ctx, row);
  const meterStart = fresh.meterStart ?? end.meterWh ?? 0;
  // Readings after the stop, or older ones, never change a closed charge; the stop's own
  // register wins when it is the higher one.
  const register = Math.max(end.meterWh ?? fresh.meterLast ?? meterStart, fresh.meterLast ?? 0);
  const energyWh = Math.round(Math.max(0, register - meterStart) * 1000) / 1000;
  const stoppedAt = fresh.startedAt && end.at < fresh.startedAt ? fresh.startedAt : end.at;
  const moved = await repo.transition(
    ctx.db,
    row.id,
    ['charging', 'stopping', 'waiting', 'starting'],
    {
      state: fresh.startedAt ? 'settling' : 'cancelled',
      ...(fresh.startedAt ? {} : { finishedAt: ctx.clock.now() }),
      meterLast: register,
      energyWh,
      powerW: 0,
      stoppedAt,
      stopReason: end.reason,
      errorKey: end.errorKey ?? null,
      ...(end.review ? { reviewReason: end.review } : {}),
    },
  );
  if (!moved) return null;
  await publish(ctx, moved);
  try {
    return await settle(ctx, moved);
  } catch (error) {
    ctx.log.warn(
      { err: error, chargeId: moved.id },
      'charge closed; settling left to the next pass',
    );
    return moved;
  }
}

export const localeOf = (row: ChargeRow): Locale => (isLocale(row.locale) ? row.locale : 'fo');
