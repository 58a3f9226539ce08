import { randomUUID } from 'node:crypto';
import { numberOfUuid } from '../../lib/uuid-number.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../lib/errors.ts';
import { publish } from './live.ts';
import { sendOperatorCall } from './operator-calls.ts';
import * as repo from './repo.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';

/**
 * Smart charging: an installation's power limit (a house's main fuse, a site's grid contract)
 * shared among the charges running there. Each is given an equal share, no more than its
 * charger's own maximum, as a `TxProfile` for its transaction (`SetChargingProfile`, in W, from
 * now on); the shares are worked out again whenever a charge there starts or ends and when the
 * limit changes. A limit taken away clears the profiles. The calls go in the charger's command
 * log like an operator's, and the share is kept on the charge, so its customer sees it.
 */

/** Profiles of ours have this stack level; a charger's own schedules stay below. */
const STACK_LEVEL = 1;

/** A stable profile id for a charge: the same charge is always given the same profile. */
const profileIdOf = (chargeId: string) => numberOfUuid(chargeId, 7);

function profileCall(
  protocol: string | null,
  charge: { id: string; connectorId: number; ocppTx: string | null },
  limitW: number,
) {
  const schedule = {
    chargingRateUnit: 'W',
    chargingSchedulePeriod: [{ startPeriod: 0, limit: limitW }],
  };
  const profile = {
    stackLevel: STACK_LEVEL,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
  };
  if (protocol === 'ocpp2.0.1')
    return {
      evseId: charge.connectorId,
      chargingProfile: {
        id: profileIdOf(charge.id),
        ...profile,
        transactionId: charge.ocppTx,
        chargingSchedule: [{ id: 1, ...schedule }],
      },
    };
  return {
    connectorId: charge.connectorId,
    csChargingProfiles: {
      chargingProfileId: profileIdOf(charge.id),
      ...profile,
      transactionId: Number(charge.ocppTx),
      chargingSchedule: schedule,
    },
  };
}

const clearCall = (protocol: string | null, chargeId: string) =>
  protocol === 'ocpp2.0.1'
    ? { chargingProfileId: profileIdOf(chargeId) }
    : { id: profileIdOf(chargeId) };

/** The database lock of an installation's sharing: a namespace, and the id's first 32 bits. */
const lockOf = (installationId: string) => 0x5354_0000_0000 + numberOfUuid(installationId, 8);

/**
 * Works out and sends the shares of an installation's limit to the charges running there: one
 * process at a time for an installation (a database lock, and one at a time within a process),
 * so two starts at once never add up to more than the limit; shares that go down are sent
 * before shares that go up, for the same reason.
 */
export function sharePower(ctx: ServiceContext, installationId: string) {
  return oneAtATime(`share:${installationId}`, () =>
    ctx.database.exclusive(lockOf(installationId), () => shareNow(ctx, installationId)),
  );
}

async function shareNow(ctx: ServiceContext, installationId: string) {
  const installation = await repo.findInstallation(ctx.db, installationId);
  if (!installation) return;
  const running = await repo.runningAtInstallation(ctx.db, installationId);
  const limitW =
    installation.powerLimitKw === null ? null : Math.floor(installation.powerLimitKw * 1000);
  const shareW = limitW === null ? null : Math.floor(limitW / Math.max(1, running.length));
  const changes = running
    .map(({ charge, charger }) => ({
      charge,
      charger,
      own: shareW === null ? null : Math.min(shareW, Math.round(charger.maxPowerKw * 1000)),
    }))
    .filter(({ charge, own }) => own !== charge.powerLimitW);
  // None (no profile) is the most; a share going down goes first.
  const up = (from: number | null, to: number | null) =>
    to === null || (from !== null && to > from);
  changes.sort(
    (x, y) => Number(up(x.charge.powerLimitW, x.own)) - Number(up(y.charge.powerLimitW, y.own)),
  );
  for (const { charge, charger, own } of changes) await sendShare(ctx, charge, charger, own);
}

async function sendShare(
  ctx: ServiceContext,
  charge: repo.ChargeRow,
  charger: repo.ChargerRow,
  own: number | null,
) {
  const action = own === null ? 'ClearChargingProfile' : 'SetChargingProfile';
  const payload =
    own === null
      ? clearCall(charger.protocol, charge.id)
      : profileCall(charger.protocol, charge, own);
  try {
    const answer = await sendOperatorCall(ctx, {
      identity: charger.identity,
      action,
      payload,
      sentBy: null,
      requestId: `share-${randomUUID()}`,
    });
    const status =
      answer.outcome === 'result'
        ? (answer.response as { status?: unknown } | undefined)?.status
        : undefined;
    if (answer.outcome !== 'result' || (status !== 'Accepted' && action === 'SetChargingProfile')) {
      ctx.log.warn(
        { identity: charger.identity, chargeId: charge.id, outcome: answer.outcome, status },
        'a charger did not take its share of the power limit; the reconciliation sends it again',
      );
      return;
    }
    await repo.setChargePowerLimit(ctx.db, charge.id, own);
    const now = await repo.findCharge(ctx.db, charge.id);
    if (now) await publish(ctx, now);
  } catch (error) {
    ctx.log.warn({ err: error, chargeId: charge.id }, 'power share not sent; sent again later');
  }
}

/** The installations with a limit and a charge running: the reconciliation shares them again. */
export async function shareAll(ctx: ServiceContext) {
  for (const id of await repo.limitedInstallationsRunning(ctx.db)) {
    try {
      await sharePower(ctx, id);
    } catch (error) {
      ctx.log.warn({ err: error, installationId: id }, 'power sharing failed; next pass retries');
    }
  }
}

/** Shares the power again in the background: after a start's answer, or a charge's end. */
export function shareSoon(ctx: ServiceContext, installationId: string) {
  const timer = setTimeout(() => {
    sharePower(ctx, installationId).catch((error: unknown) => {
      ctx.log.warn({ err: error, installationId }, 'power sharing failed');
    });
  }, 50);
  timer.unref();
}

/** An installation's power limit, set by an operator; the running charges get their new shares. */
export async function setPowerLimit(
  ctx: ServiceContext,
  installationId: string,
  limitKw: number | null,
) {
  const installation = await repo.setPowerLimit(ctx.db, installationId, limitKw);
  if (!installation) throw notFound();
  await sharePower(ctx, installationId);
  return { installationId, powerLimitKw: installation.powerLimitKw };
}
