import { isFreeStatus, type ChargeCreate, type Locale } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import * as payments from '../payments/index.ts';
import * as wallet from '../wallet/index.ts';
import * as repo from './repo.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ChargeRow } from './repo.ts';
import { termsOf, type Terms } from './terms.ts';
import { chargeActive, chargerUnavailable, chargerOffline, illegalState } from './errors.ts';
import { toCharge, publish } from './live.ts';
import { usableInstallation } from './installation-views.ts';

/**
 * Opening a charge: at a connector, with a hold on the card (none at the user's own
 * installation), once per key, whoever repeats it.
 */

const SCOPE = 'charge';

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
  if (!charger || charger.installationId !== installation.id || charger.decommissionedAt)
    throw notFound();
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
          ...terms.fees,
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
export async function assertFree(
  ctx: ServiceContext,
  charger: repo.ChargerRow,
  connectorId: number,
) {
  if (!charger.connected) throw chargerOffline();
  const connector = await repo.findConnector(ctx.db, charger.id, connectorId);
  if (!connector || !isFreeStatus(connector.status)) throw chargerUnavailable();
}
