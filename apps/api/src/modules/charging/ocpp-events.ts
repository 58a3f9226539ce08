import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../platform/context.ts';
import type {
  ChargerEvents,
  ChargerLink,
  StartReport,
  TagVerdict,
} from '../../integrations/ocpp/port.ts';
import { verifyChargerPassword } from './registry.ts';
import * as repo from './repo.ts';
import { announce } from '../notifications/index.ts';
import type { ChargeRow } from './repo.ts';
import { cachedCharge, closeAt, freshest, progress, publish, stopCharge } from './service.ts';
import { openByTag, tagVerdict } from './tag-starts.ts';

/**
 * What chargers tell the backend, applied to chargers, connectors and charges. The rules of the
 * best backends hold: a repeated StartTransaction answers the same id; a stop for a closed or
 * unknown transaction is taken and changes nothing; readings after the stop or out of order never
 * change a closed charge; a charger that boots with a charge open has it closed at its last
 * reading.
 */

/** This process, as `chargers.node` names the holder of a connection. */
export const NODE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function authenticateCharger(
  ctx: ServiceContext,
  identity: string,
  password: Buffer | undefined,
): Promise<{ chargerId: string } | 'unknown' | 'denied'> {
  const charger = await repo.findChargerByIdentity(ctx.db, identity);
  if (!charger) return 'unknown';
  if (!charger.passwordHash) {
    // Security profile 1 is required in production: a charger without a password is refused.
    return ctx.config.isProduction ? 'denied' : { chargerId: charger.id };
  }
  if (!password) return 'denied';
  return verifyChargerPassword(charger.passwordHash, password.toString('utf8'))
    ? { chargerId: charger.id }
    : 'denied';
}

async function publishOpenAt(ctx: ServiceContext, chargerId: string, connectorId?: number) {
  const open = await repo.openChargesOfCharger(ctx.db, chargerId);
  for (const row of open)
    if (connectorId === undefined || row.connectorId === connectorId)
      await publish(ctx, freshest(ctx, row));
}

export function chargerEvents(ctx: ServiceContext): ChargerEvents {
  const seen = (link: ChargerLink) =>
    repo.patchCharger(ctx.db, link.chargerId, { lastSeenAt: ctx.clock.now() });

  return {
    async connected(link) {
      const now = ctx.clock.now();
      await repo.patchCharger(ctx.db, link.chargerId, {
        connected: true,
        node: NODE_ID,
        protocol: link.protocol,
        connectedAt: now,
        lastSeenAt: now,
      });
      await publishOpenAt(ctx, link.chargerId);
    },
    async disconnected(link) {
      const charger = await repo.findCharger(ctx.db, link.chargerId);
      // Another process may hold a newer connection of the same charger by now.
      if (!charger || charger.node !== NODE_ID) return;
      await repo.patchCharger(ctx.db, link.chargerId, { connected: false });
      await publishOpenAt(ctx, link.chargerId);
    },
    async booted(link, info) {
      const now = ctx.clock.now();
      const charger = await repo.findCharger(ctx.db, link.chargerId);
      await repo.patchCharger(ctx.db, link.chargerId, {
        vendor: info.vendor,
        model: info.model,
        firmware: info.firmware,
        bootCount: (charger?.bootCount ?? 0) + 1,
        lastBootAt: now,
        lastSeenAt: now,
        connected: true,
        node: NODE_ID,
      });
      // A reboot ends whatever ran: each open charge is closed at its last reading.
      for (const row of await repo.openChargesOfCharger(ctx.db, link.chargerId)) {
        if (row.state === 'charging' || row.state === 'stopping') {
          const fresh = freshest(ctx, row);
          await closeAt(ctx, row, {
            meterWh: fresh.meterLast,
            at: fresh.meterLastAt ?? now,
            reason: 'Reboot',
          });
        } else if (row.state === 'waiting' || row.state === 'starting') {
          const back = await repo.transition(ctx.db, row.id, [row.state], { state: 'ready' });
          if (back) await publish(ctx, back);
        }
      }
    },
    heartbeat: seen,
    async status(link, report) {
      if (report.connectorId === 0) return;
      const open = await repo.openChargeAt(ctx.db, link.chargerId, report.connectorId);
      // 2.0.1 says Occupied both while a car waits and while it charges.
      const status =
        report.status === 'Preparing' && open?.state === 'charging' ? 'Charging' : report.status;
      await repo.setConnectorStatus(
        ctx.db,
        link.chargerId,
        report.connectorId,
        status,
        report.errorCode,
        report.timestamp,
      );
      if (open) await publish(ctx, freshest(ctx, open));
      if (open && status === 'Faulted' && ['charging', 'stopping'].includes(open.state))
        await announce.chargerFaulted(ctx, open);
    },
    async authorize(link, idTag) {
      // The backend's own tag of a charge opened in the app, or a provider card's.
      if (await repo.openChargeWithTag(ctx.db, link.chargerId, idTag)) return 'Accepted';
      return tagVerdict(ctx, link, idTag);
    },
    // One start at a time per connector: a charger that gave up waiting for our answer sends the
    // same StartTransaction again while the first is still being handled, and must hear the same.
    started: (link, report) =>
      oneAtATime(`${link.chargerId}:${String(report.connectorId)}`, () =>
        started(ctx, link, report),
      ),
    async meter(link, report) {
      const id = await chargeIdOf(ctx, link.chargerId, report.transactionId);
      if (!id) return;
      const row = await cachedCharge(ctx, id);
      if (!row || row.finishedAt || !['charging', 'stopping'].includes(row.state)) return;
      // An older reading than the one held changes nothing.
      if (row.meterLastAt && report.timestamp < row.meterLastAt) return;
      const register = report.energyWh ?? row.meterLast;
      const meterStart = row.meterStart ?? register;
      const next = await progress(ctx, row, {
        meterStart,
        meterLast: register,
        meterLastAt: report.timestamp,
        energyWh:
          register === null || meterStart === null
            ? row.energyWh
            : Math.max(0, register - meterStart),
        powerW: Math.round(report.powerW ?? row.powerW),
      });
      // A share's monthly cap: the charge stops where it is reached (the stop is asked once; a
      // refused one is asked again at the next reading).
      if (
        next.energyCapWh !== null &&
        next.energyWh >= next.energyCapWh &&
        next.state === 'charging'
      )
        void stopAtCap(ctx, next);
    },
    async stopped(link, report) {
      const row = await repo.chargeByTx(ctx.db, link.chargerId, report.transactionId);
      if (!row || row.finishedAt || row.state === 'settling') return;
      await closeAt(ctx, row, {
        meterWh: report.meterStopWh,
        at: report.timestamp,
        reason: report.reason,
      });
    },
  };
}

async function stopAtCap(ctx: ServiceContext, row: ChargeRow) {
  try {
    await stopCharge(ctx, row.userId, row.id);
    ctx.log.info({ chargeId: row.id, energyWh: row.energyWh }, 'a charge stopped at its cap');
  } catch (error) {
    ctx.log.warn({ chargeId: row.id, err: error }, 'a charge at its cap could not be stopped yet');
  }
}

/** Runs `task` after every earlier task of the same key has settled (a connector is held by one
 * process, so one process's order is the order). */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** Transaction ids to charge ids, per process: meter values come often. */
const txIndex = new WeakMap<ServiceContext, Map<string, string>>();

async function chargeIdOf(ctx: ServiceContext, chargerId: string, tx: string) {
  let index = txIndex.get(ctx);
  if (!index) {
    index = new Map();
    txIndex.set(ctx, index);
  }
  const key = `${chargerId}:${tx}`;
  const known = index.get(key);
  if (known) return known;
  const row = await repo.chargeByTx(ctx.db, chargerId, tx);
  if (!row) return null;
  if (index.size > 50_000) index.clear();
  index.set(key, row.id);
  return row.id;
}

async function started(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StartReport,
): Promise<{ transactionId: string; status: TagVerdict }> {
  // The same start again (a charger that did not hear our answer): the same transaction id.
  const repeat = await repo.chargeByStart(
    ctx.db,
    link.chargerId,
    report.connectorId,
    report.idTag,
    report.timestamp,
  );
  if (repeat?.ocppTx) return { transactionId: repeat.ocppTx, status: 'Accepted' };
  const transactionId = report.transactionId ?? (await repo.nextTransactionId(ctx.db));
  if (report.transactionId) {
    const known = await repo.chargeByTx(ctx.db, link.chargerId, report.transactionId);
    if (known)
      return {
        transactionId,
        status: !known.finishedAt || known.state === 'completed' ? 'Accepted' : 'Invalid',
      };
  }
  let open = await repo.openChargeAt(ctx.db, link.chargerId, report.connectorId);
  if (!open || open.source === 'tag') {
    // A card presented at the charger: opened (or, repeated, finished) under its own key.
    const opened = await openByTag(ctx, link, report);
    if (typeof opened === 'string') return { transactionId, status: opened };
    open = opened;
  }
  if (open.idTag !== report.idTag || !['ready', 'starting', 'waiting'].includes(open.state)) {
    // Not ours to bill: a stale tag, or another's at a connector a charge waits at.
    ctx.log.warn(
      { identity: link.identity, connectorId: report.connectorId },
      'charger started a transaction no charge waits for',
    );
    return { transactionId, status: 'Invalid' };
  }
  const moved = await repo.transition(ctx.db, open.id, ['ready', 'starting', 'waiting'], {
    state: 'charging',
    ocppTx: transactionId,
    txStartedAt: report.timestamp,
    startedAt: report.timestamp,
    meterStart: report.meterStartWh,
    meterLast: report.meterStartWh,
    meterLastAt: report.timestamp,
    energyWh: 0,
    errorKey: null,
  });
  if (!moved) return { transactionId, status: 'Invalid' };
  await repo.setConnectorStatus(
    ctx.db,
    link.chargerId,
    report.connectorId,
    'Charging',
    null,
    report.timestamp,
  );
  await publish(ctx, moved);
  return { transactionId, status: 'Accepted' };
}
