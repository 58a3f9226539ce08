import {
  chargeLines,
  ownerCredit,
  translate,
  type ChargeLine,
  type ChargeState,
  type Locale,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { announce } from '../notifications/index.ts';
import * as payments from '../payments/index.ts';
import { releasedOf, settle as settleService } from '../transactions/index.ts';
import * as repo from './repo.ts';
import type { ChargeRow } from './repo.ts';
import { idleSecondsOf, secondsOf, tariffOf } from './views.ts';
import { publish, freshest } from './live.ts';
import { shareSoon } from './power-sharing.ts';

/**
 * Settling: the money step that follows a charge's end, keyed by the charge so it runs once
 * whoever repeats it (the OCPP stop, the reconciliation after a crash).
 */

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

  const now = ctx.clock.now();
  const seconds = secondsOf(row, now);
  const bill = row.own
    ? []
    : chargeLines(
        tariffOf(row),
        { energyWh: row.energyWh, seconds, idleSeconds: idleSecondsOf(row, now) },
        row.held || Infinity,
      );
  const amount = bill.reduce((sum, line) => sum + line.total, 0);
  const minutes = Math.round(seconds / 6) / 10;
  const priceType = row.tariffType === 'min' ? ('min' as const) : ('kwh' as const);
  const settled = await settleService(ctx, {
    key: row.id,
    paymentId: payment?.id ?? null,
    amount,
    balanceFirst: true,
    crashAt: 'charge.after-capture',
    lock: async (tx) => {
      const locked = await repo.lockCharge(tx, row.id);
      return locked && !locked.receiptId && locked.state === 'settling' ? locked : null;
    },
    receipt: (locked) => {
      const kwh = Math.round(locked.energyWh) / 1000;
      const quantity = priceType === 'min' ? minutes : kwh;
      return {
        userId: locked.userId,
        paymentId: locked.paymentId,
        stationName: locked.installationName,
        productType: 'Charge',
        productDescription: locked.installationName,
        amount,
        quantity,
        unitPrice: locked.tariffPrice,
        data: {
          products: receiptLines(locked, bill, { priceType, quantity, amount }),
          kwh,
          totalTime: minutes,
        },
      };
    },
    complete: async (tx, locked, paid) => {
      // Spec §9: the owner of a public installation earns 0.2 kr. per kWh others charge there;
      // a shared user pays the owner the share's price instead.
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
      return repo.patchCharge(tx, locked.id, {
        state: 'completed',
        finishedAt: ctx.clock.now(),
        receiptId: paid.receiptId,
        amount,
        captured: paid.fromCard,
        fromBalance: paid.fromBalance,
        released: releasedOf(locked.held, paid.fromCard),
        powerW: 0,
      });
    },
  });
  if (!settled) return (await repo.findCharge(ctx.db, row.id)) ?? row;
  await publish(ctx, settled);
  await announce.chargeComplete(ctx, settled);
  return settled;
}

/**
 * A charge's lines on its receipt: the energy or time under the installation's name (the whole
 * amount at a charge that cost nothing), then the start fee and the idle fee when they apply.
 */
function receiptLines(
  row: ChargeRow,
  bill: readonly ChargeLine[],
  main: { priceType: 'kwh' | 'min'; quantity: number; amount: number },
) {
  const locale: Locale = row.locale === 'en' ? 'en' : 'fo';
  const of = (kind: ChargeLine['kind']) => bill.find((line) => line.kind === kind);
  const usage = of('energy') ?? of('time');
  const start = of('start');
  const idle = of('idle');
  return [
    {
      description: row.installationName,
      totalPrice: usage?.total ?? main.amount,
      price: row.tariffPrice,
      priceType: main.priceType,
      quantity: main.quantity,
    },
    ...(start
      ? [
          {
            description: translate('receipt.startFee', locale),
            totalPrice: start.total,
            price: start.price,
            priceType: 'fee' as const,
            quantity: 1,
          },
        ]
      : []),
    ...(idle
      ? [
          {
            description:
              row.idleGraceMinutes > 0
                ? translate('receipt.idleFeeAfter', locale, {
                    minutes: String(row.idleGraceMinutes),
                  })
                : translate('receipt.idleFee', locale),
            totalPrice: idle.total,
            price: idle.price,
            priceType: 'min' as const,
            quantity: Math.round(idle.quantity * 10) / 10,
          },
        ]
      : []),
  ];
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
  // Never started, or stopped by the watchdog with nothing delivered: nothing to bill, the hold
  // is voided.
  const billed = fresh.startedAt !== null && !(fresh.idleSince !== null && energyWh === 0);
  const moved = await repo.transition(
    ctx.db,
    row.id,
    ['charging', 'stopping', 'waiting', 'starting'],
    {
      state: billed ? 'settling' : fresh.startedAt ? 'failed' : 'cancelled',
      ...(billed ? {} : { finishedAt: ctx.clock.now() }),
      meterLast: register,
      energyWh,
      // When energy last flowed, as this process heard it (an idle fee counts from it): at the
      // stop itself when its register is higher than the last reading.
      energyRoseAt: register > (fresh.meterLast ?? meterStart) ? stoppedAt : fresh.energyRoseAt,
      powerW: 0,
      stoppedAt,
      stopReason: end.reason,
      errorKey: fresh.idleSince ? 'error.noEnergy' : (end.errorKey ?? null),
      ...(end.review ? { reviewReason: end.review } : {}),
    },
  );
  if (!moved) return null;
  await publish(ctx, moved);
  // The power it drew is free for the others at its installation.
  shareSoon(ctx, row.installationId);
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
