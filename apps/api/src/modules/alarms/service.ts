import {
  alarmSeverity,
  formatDateTime,
  translateServer,
  type Alarm,
  type AlarmCounts,
  type AlarmKind,
  type AlarmList,
  type AlarmSubject,
} from '@stod/domain';
import { siteKey } from '../../integrations/site/endpoint.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { chargerKey } from '../charging/index.ts';
import * as repo from './repo.ts';
import type { Condition, StationScope } from './repo.ts';

/** A site not connected this long is an alarm: a restart or a hand-over takes seconds. */
export const SITE_OFFLINE_AFTER_MS = 60_000;
/** A charger not heard this long, and held by no process, is an alarm. */
export const CHARGER_OFFLINE_AFTER_MS = 5 * 60_000;
/** An order no kitchen accepted this long is an alarm, well before it expires. */
export const ORDER_WAITING_AFTER_MS = 2 * 60_000;
/** A refuelling or wash open this long is an alarm. */
export const STATION_TRANSACTION_LONG_MS = 30 * 60_000;
/** A charge open this long is an alarm (a car may charge the night through). */
export const CHARGE_LONG_MS = 24 * 60 * 60_000;
/** A hold neither captured nor voided this long is an alarm. */
export const HOLD_OLD_MS = 24 * 60 * 60_000;
/** How far back the list of cleared alarms reaches. */
export const CLEARED_KEPT_MS = 7 * 24 * 60 * 60_000;

const condition = (
  kind: AlarmKind,
  key: string,
  stationId: number | null,
  subject: AlarmSubject,
): Condition => ({
  key: `${kind}:${key}`,
  kind,
  severity: alarmSeverity(kind),
  stationId,
  subject,
});

/** A point's state that is an alarm while its site is connected (or the devices are our own). */
const deviceAlarm = (kind: string, state: string): AlarmKind | null => {
  if (kind === 'pump') return state === 'inactive' ? 'pump.fault' : 'pump.offline';
  if (kind === 'bay') return state === 'fault' ? 'bay.fault' : 'bay.offline';
  if (kind === 'machine') return 'machine.fault';
  return null;
};

/**
 * Which stations' sites no process holds now. Recorded as the sites' own device state, so the
 * minute an offline site waits before its alarm is counted across sweeps and processes. Without
 * the site protocol the devices run inside the API and are always there.
 */
async function sitesDown(ctx: ServiceContext, at: Date): Promise<Set<number>> {
  const down = new Set<number>();
  if (!ctx.sites) return down;
  for (const station of await repo.stationSites(ctx.db)) {
    const holder = await ctx.devices.holders.holderOf(siteKey(station.site));
    const state = holder ? 'online' : 'offline';
    await repo.recordDeviceState(
      ctx.db,
      { kind: 'site', site: station.site, point: '', state },
      at,
    );
    if (!holder) down.add(station.id);
  }
  return down;
}

async function chargerConditions(ctx: ServiceContext, at: Date): Promise<Condition[]> {
  const { chargers, faulted } = await repo.networkChargers(ctx.db);
  const out: Condition[] = [];
  const offline = new Set<string>();
  for (const charger of chargers) {
    const heard = charger.lastSeenAt ?? charger.connectedAt;
    if (heard && at.getTime() - heard.getTime() < CHARGER_OFFLINE_AFTER_MS) continue;
    // Quiet for a while: connected still counts if a process holds its connection (a charger
    // with a long heartbeat interval says nothing between beats).
    if (charger.connected && (await ctx.devices.holders.holderOf(chargerKey(charger.identity))))
      continue;
    offline.add(charger.id);
    out.push(condition('charger.offline', charger.identity, null, { charger: charger.identity }));
  }
  const identity = new Map(chargers.map((c) => [c.id, c.identity]));
  for (const f of faulted) {
    const name = identity.get(f.chargerId);
    if (!name || offline.has(f.chargerId)) continue;
    out.push(
      condition('charger.faulted', `${name}:${String(f.connectorId)}`, null, {
        charger: name,
        connectorId: f.connectorId,
        ...(f.errorCode && f.errorCode !== 'NoError' ? { errorCode: f.errorCode } : {}),
      }),
    );
  }
  return out;
}

/** Every condition that is an alarm now, across the network. */
export async function currentConditions(ctx: ServiceContext, at: Date): Promise<Condition[]> {
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const down = await sitesDown(ctx, at);
  const [devices, washes, orders, transactions, longCharges, holds, chargerAlarms] =
    await Promise.all([
      repo.troubledDevices(ctx.db),
      repo.stoppedWashes(ctx.db),
      repo.waitingOrders(ctx.db, ago(ORDER_WAITING_AFTER_MS)),
      repo.longStationTransactions(ctx.db, ago(STATION_TRANSACTION_LONG_MS)),
      repo.longCharges(ctx.db, ago(CHARGE_LONG_MS)),
      repo.oldHolds(ctx.db, ago(HOLD_OLD_MS)),
      chargerConditions(ctx, at),
    ]);
  const out: Condition[] = [...chargerAlarms];
  for (const d of devices) {
    if (d.kind === 'site') {
      if (down.has(d.stationId) && at.getTime() - d.since.getTime() >= SITE_OFFLINE_AFTER_MS)
        out.push(condition('site.offline', String(d.stationId), d.stationId, {}));
      continue;
    }
    // A site that is not connected has its points offline: the site's alarm says it once.
    if (down.has(d.stationId)) continue;
    const kind = deviceAlarm(d.kind, d.state);
    if (!kind) continue;
    const subject: AlarmSubject =
      d.kind === 'machine' ? { machine: d.point } : { point: Number(d.point) };
    out.push(condition(kind, `${String(d.stationId)}:${d.point}`, d.stationId, subject));
  }
  for (const w of washes)
    out.push(condition('wash.stopped', w.id, w.stationId, { point: w.point, transactionId: w.id }));
  for (const o of orders)
    out.push(
      condition('order.waiting', o.id, o.stationId, { orderNumber: o.number, transactionId: o.id }),
    );
  for (const t of transactions)
    out.push(
      condition('transaction.long', t.id, t.stationId, {
        transactionId: t.id,
        service: t.service,
        point: t.point,
      }),
    );
  for (const c of longCharges)
    out.push(
      condition('transaction.long', c.id, null, {
        transactionId: c.id,
        service: 'charging',
        charger: c.charger,
        connectorId: c.connectorId,
      }),
    );
  for (const h of holds)
    out.push(
      condition('hold.old', h.id, h.stationId, {
        paymentId: h.id,
        customerId: h.userId,
        amount: h.amount,
      }),
    );
  return out;
}

/** Tells every console showing alarms of these stations (null: the network's) to read again. */
async function announce(ctx: ServiceContext, stationIds: readonly (number | null)[]) {
  for (const stationId of stationIds) await ctx.bus.publish('alarm.changed', { stationId });
}

/**
 * The sweep: raises the alarms whose conditions began, clears those that ended, announces the
 * change, then mails the faults that last. Safe on several processes at once.
 */
export async function sweepAlarms(ctx: ServiceContext): Promise<void> {
  const at = ctx.clock.now();
  const changed = await repo.applyConditions(ctx.db, await currentConditions(ctx, at), at);
  await announce(ctx, changed);
  await escalate(ctx, at);
}

/**
 * A fault nobody acknowledged within ALARM_ESCALATE_MINUTES is mailed, once, to the station's
 * managers (the operators for the network's chargers, or a station without a manager).
 */
async function escalate(ctx: ServiceContext, at: Date) {
  const minutes = ctx.config.ALARM_ESCALATE_MINUTES;
  if (minutes <= 0) return;
  const lasting = await repo.lastingFaults(ctx.db, new Date(at.getTime() - minutes * 60_000));
  for (const row of lasting) {
    if (!(await repo.markEscalated(ctx.db, row.id, at))) continue;
    const recipients = await repo.alarmRecipients(ctx.db, row.stationId);
    for (const to of recipients) {
      const params = {
        name: to.name,
        what: alarmText(row.kind, row.subject, to.locale),
        station: row.stationName ?? translateServer('mail.alarm.network', to.locale),
        since: formatDateTime(row.raisedAt, to.locale),
        link: `${ctx.config.publicUrl}/console/alarms`,
      };
      await ctx.mailer
        .send({
          to: to.email,
          subject: translateServer('mail.alarm.subject', to.locale, params),
          text: translateServer('mail.alarm.text', to.locale, params),
        })
        .catch((error: unknown) => {
          ctx.log.warn({ err: error, alarmId: row.id }, 'alarm mail not sent');
        });
    }
    await announce(ctx, [row.stationId]);
  }
}

/** One line naming the alarm, for the mail: "Pump 3 is out of order". */
export function alarmText(kind: AlarmKind, subject: AlarmSubject, locale: 'fo' | 'en'): string {
  return translateServer(`mail.alarm.kind.${kind}`, locale, {
    point: String(subject.point ?? ''),
    charger: subject.charger ?? '',
    connector: String(subject.connectorId ?? ''),
    order: String(subject.orderNumber ?? ''),
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAlarm(row: NonNullable<Awaited<ReturnType<typeof repo.findAlarm>>>): Alarm {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    stationId: row.stationId,
    stationName: row.stationName,
    subject: row.subject,
    raisedAt: row.raisedAt.toISOString(),
    clearedAt: iso(row.clearedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy:
      row.acknowledgedBy === null
        ? null
        : { id: row.acknowledgedBy, name: row.acknowledgedByName ?? '' },
    escalatedAt: iso(row.escalatedAt),
  };
}

type CountRow = { stationId: number | null; severity: string; count: number };

function add(counts: AlarmCounts, row: CountRow) {
  if (row.severity === 'fault' || row.severity === 'warning') counts[row.severity] += row.count;
}

/** Open alarms by severity, over the scope and for each station. */
function tally(rows: readonly CountRow[]): Pick<AlarmList, 'counts' | 'stations'> {
  const counts: AlarmCounts = { fault: 0, warning: 0 };
  const stations = new Map<number, AlarmCounts & { stationId: number }>();
  for (const row of rows) {
    add(counts, row);
    if (row.stationId === null) continue;
    const station = stations.get(row.stationId) ?? {
      stationId: row.stationId,
      fault: 0,
      warning: 0,
    };
    add(station, row);
    stations.set(row.stationId, station);
  }
  return { counts, stations: [...stations.values()].sort((a, b) => a.stationId - b.stationId) };
}

export async function listAlarms(
  ctx: ServiceContext,
  scope: StationScope,
  filter: { state: 'open' | 'cleared'; stationId?: number | undefined },
): Promise<AlarmList> {
  const at = ctx.clock.now();
  const [rows, counts] = await Promise.all([
    repo.listAlarms(
      ctx.db,
      scope,
      {
        open: filter.state === 'open',
        clearedSince: new Date(at.getTime() - CLEARED_KEPT_MS),
        stationId: filter.stationId,
      },
      500,
    ),
    repo.openCounts(ctx.db, scope),
  ]);
  return { items: rows.map(toAlarm), ...tally(counts) };
}

/**
 * Staff acknowledge an open alarm: it stops sounding and is not escalated. Again answers it as
 * it is; a cleared alarm answers 409, one outside the caller's stations 404.
 */
export async function acknowledgeAlarm(
  ctx: ServiceContext,
  scope: StationScope,
  id: string,
  userId: string,
): Promise<Alarm> {
  const before = await repo.findAlarm(ctx.db, id, scope);
  if (!before) throw notFound();
  if (before.clearedAt) throw new AppError(409, 'ALARM_CLEARED', 'error.alarmCleared');
  if (await repo.acknowledge(ctx.db, id, userId, ctx.clock.now()))
    await announce(ctx, [before.stationId]);
  const after = await repo.findAlarm(ctx.db, id, scope);
  if (!after) throw notFound();
  return toAlarm(after);
}
