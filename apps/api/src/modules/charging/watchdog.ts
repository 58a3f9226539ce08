import { formatKwhOfWh, translateServer } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { announce } from '../notifications/index.ts';
import { findUserById } from '../users/index.ts';
import { sendOcppCall } from './commands.ts';
import * as repo from './repo.ts';
import type { ChargeRow, ChargerRow } from './repo.ts';
import { freshest } from './live.ts';
import { stopCharge } from './service.ts';

/** The least a car charges at: 6 A on one phase at 230 V (IEC 61851). */
const MIN_CAR_W = 1380;

/**
 * The zero-energy watchdog. A paid charge whose readings show no energy for
 * `CHARGE_NO_ENERGY_MINUTES` after its start, or after energy last flowed, is stopped remotely:
 * the car is full, the cable is loose, or the charger is broken, and the customer should not pay
 * for a connector that delivers nothing. It judges only from readings: a charger that has sent
 * none covering the quiet time is asked for one (`TriggerMessage MeterValues`) and judged at the
 * next pass. The charge is marked once (a guarded update, so one process of several stops it
 * and tells the customer), then stopped; a stop the charger refuses is asked again at each pass.
 * The charge is billed for its energy (a minute tariff until energy last flowed), its hold voided
 * when none flowed, and it is listed for the operators' review as `noEnergy`. At a charger with
 * an idle fee, a charge whose energy has flowed is left running: the fee is the operator's rule.
 */
export async function watchEnergy(
  ctx: ServiceContext,
  row: ChargeRow,
  charger: ChargerRow,
  now: number,
) {
  const quietMs = ctx.config.CHARGE_NO_ENERGY_MINUTES * 60_000;
  if (quietMs === 0 || row.own || row.state !== 'charging' || !row.ocppTx) return;
  if (!charger.connected) return;
  const fresh = freshest(ctx, row);
  // Held below what a car can take by its installation's power limit: idle by our own doing.
  if (fresh.powerLimitW !== null && fresh.powerLimitW < MIN_CAR_W) return;
  // A charger with an idle fee asks a car that stays after its energy stopped to pay for the
  // place: once energy has flowed, the charge runs on until the driver ends it.
  if (fresh.idleFee > 0 && fresh.energyWh > 0 && !fresh.idleSince) return;
  const since = fresh.idleSince ?? fresh.energyRoseAt ?? fresh.startedAt;
  if (!since || now - since.getTime() < quietMs) return;
  if (!fresh.idleSince) {
    // No reading covers the quiet time yet: the charger is asked for one.
    const covered = (fresh.meterLastAt?.getTime() ?? 0) >= since.getTime() + quietMs;
    if (!covered) {
      await askReading(ctx, charger, row.connectorId);
      return;
    }
    const marked = await repo.markIdle(ctx.db, row.id, since);
    if (!marked) return;
    ctx.log.warn(
      { chargeId: row.id, identity: charger.identity, since, energyWh: fresh.energyWh },
      'no energy flows in a paid charge; stopping it',
    );
    await stopQuietly(ctx, marked);
    await tell(ctx, { ...marked, energyWh: fresh.energyWh });
    return;
  }
  // Marked by an earlier pass, its stop refused or lost: asked again.
  await stopQuietly(ctx, fresh);
}

/** The customer, by push (under the charger-fault switch) and by e-mail. */
async function tell(ctx: ServiceContext, row: ChargeRow) {
  const minutes = ctx.config.CHARGE_NO_ENERGY_MINUTES;
  await announce.chargeNoEnergy(ctx, { ...row, minutes });
  try {
    const user = await findUserById(ctx.db, row.userId);
    if (!user) return;
    const params = {
      installation: row.installationName,
      minutes: String(minutes),
      kwh: formatKwhOfWh(row.energyWh),
    };
    await ctx.mailer.send({
      to: user.email,
      subject: translateServer('mail.chargeNoEnergy.subject', user.locale, params),
      text: translateServer('mail.chargeNoEnergy.text', user.locale, params),
    });
  } catch (error) {
    ctx.log.warn({ err: error, chargeId: row.id }, 'idle charge e-mail not sent');
  }
}

async function stopQuietly(ctx: ServiceContext, row: ChargeRow) {
  try {
    await stopCharge(ctx, row.userId, row.id);
  } catch (error) {
    ctx.log.warn({ err: error, chargeId: row.id }, 'idle charge not stopped yet; asked again');
  }
}

async function askReading(ctx: ServiceContext, charger: ChargerRow, connectorId: number) {
  const payload =
    charger.protocol === 'ocpp2.0.1'
      ? { requestedMessage: 'MeterValues', evse: { id: connectorId } }
      : { requestedMessage: 'MeterValues', connectorId };
  const answer = await sendOcppCall(ctx, charger.identity, 'TriggerMessage', payload);
  if (answer.outcome !== 'result')
    ctx.log.info({ identity: charger.identity, outcome: answer.outcome }, 'no reading asked');
}
