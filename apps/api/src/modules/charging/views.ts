import {
  chargeLabelOf,
  chargerKind,
  isFreeStatus,
  type Charge,
  type ChargerView,
  type ConnectorStatus,
  type ConnectorView,
  type InstallationAccess,
  type InstallationView,
  type Tariff,
} from '@stod/domain';
import type { ChargeRow, ChargerRow, ConnectorRow, InstallationRow, ShareRow } from './repo.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The tariff a charger asks, or a charge opened with: its price per unit and its fees. */
export const tariffOf = (row: {
  tariffType: Tariff['type'];
  tariffPrice: number;
  startFee: number;
  idleFee: number;
  idleGraceMinutes: number;
}): Tariff => ({
  type: row.tariffType,
  price: row.tariffPrice,
  startFee: row.startFee,
  idleFee: row.idleFee,
  idleGraceMinutes: row.idleGraceMinutes,
});

/** A tariff as a charger's (or a charge's) columns; fees left out are none. */
export const tariffColumns = (tariff: Tariff) => ({
  tariffType: tariff.type,
  tariffPrice: tariff.price,
  startFee: tariff.startFee ?? 0,
  idleFee: tariff.idleFee ?? 0,
  idleGraceMinutes: tariff.idleGraceMinutes ?? 0,
});

/** How a user may use an installation: their own, shared with them (whatever its limits say
 * now; a start checks them), public, or not at all. */
export function accessOf(
  installation: InstallationRow,
  userId: string,
  share: ShareRow | null | undefined,
): InstallationAccess | null {
  if (installation.ownerId === userId) return 'own';
  if (share && share.installationId === installation.id && share.userId === userId) return 'shared';
  if (installation.public) return 'public';
  return null;
}

/** The user's price at a charger: nothing at their own, the share's price per kWh when shared. */
export function tariffFor(
  charger: ChargerRow,
  access: InstallationAccess,
  share: ShareRow | null | undefined,
): Tariff {
  if (access === 'own') return { type: charger.tariffType, price: 0 };
  if (access === 'shared' && share) return { type: 'kWh', price: share.pricePerKwh };
  return tariffOf(charger);
}

/** A connector's status as the app sees it: none while its charger is away. */
export const statusOf = (
  charger: ChargerRow,
  connector: ConnectorRow | undefined,
): ConnectorStatus => (!charger.connected ? 'Offline' : (connector?.status ?? 'Unavailable'));

export function chargerView(
  charger: ChargerRow,
  connectors: ConnectorRow[],
  tariff: Tariff,
  livePower: (chargerId: string, connectorId: number) => number | null,
): ChargerView {
  const byId = new Map(connectors.map((c) => [c.connectorId, c]));
  const list: ConnectorView[] = [];
  for (let id = 1; id <= charger.connectors; id += 1) {
    const row = byId.get(id);
    const status = statusOf(charger, row);
    list.push({
      connectorId: id,
      status,
      errorCode: status === 'Faulted' ? (row?.errorCode ?? null) : null,
      powerKw: livePower(charger.id, id),
    });
  }
  return {
    id: charger.id,
    identity: charger.identity,
    installationId: charger.installationId,
    online: charger.connected,
    kind: chargerKind(charger.maxPowerKw),
    maxPowerKw: charger.maxPowerKw,
    tariff,
    connectors: list,
  };
}

export function installationView(
  installation: InstallationRow,
  access: InstallationAccess,
  chargers: ChargerView[],
): InstallationView {
  const connectors = chargers.flatMap((c) => c.connectors);
  const tariffs = chargers.map((c) => c.tariff);
  const cheapest = tariffs.reduce<Tariff | null>(
    (low, t) => (low === null || t.price < low.price ? t : low),
    null,
  );
  return {
    id: installation.id,
    name: installation.name,
    lat: installation.lat,
    lng: installation.lng,
    public: installation.public,
    ownerId: installation.ownerId,
    access,
    chargers,
    connectorsFree: connectors.filter((c) => isFreeStatus(c.status)).length,
    connectorsTotal: connectors.length,
    tariff: cheapest,
  };
}

/** Seconds of charging so far: from the start to the stop, or to `now` while it runs. */
/** The charge's billed time: from its start to its stop, or until energy last flowed when the
 * zero-energy watchdog stopped it. */
/**
 * How long the car has stayed since its energy last flowed, until the charge stopped: what an
 * idle fee counts. Nothing where no idle fee runs, or no energy ever flowed.
 */
export function idleSecondsOf(row: ChargeRow, now: Date) {
  if (row.idleFee <= 0 || row.energyWh <= 0 || !row.energyRoseAt) return 0;
  const stop = row.stoppedAt ?? row.finishedAt ?? now;
  return Math.max(0, (stop.getTime() - row.energyRoseAt.getTime()) / 1000);
}

export function secondsOf(row: ChargeRow, now: Date) {
  if (!row.startedAt) return 0;
  const stop = row.stoppedAt ?? row.finishedAt ?? now;
  const end = row.idleSince && row.idleSince < stop ? row.idleSince : stop;
  return Math.max(0, (end.getTime() - row.startedAt.getTime()) / 1000);
}

/** Wall-clock seconds from the start to the stop, or to now while it runs; idle time counts. */
export function elapsedSecondsOf(row: ChargeRow, now: Date) {
  if (!row.startedAt) return 0;
  const end = row.stoppedAt ?? row.finishedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - row.startedAt.getTime()) / 1000));
}

export function chargeView(
  row: ChargeRow,
  charger: { identity: string; status: ConnectorStatus; online: boolean },
  now: Date,
  livePrice: number,
): Charge {
  return {
    id: row.id,
    state: row.state,
    label: chargeLabelOf(row.state),
    installationId: row.installationId,
    installation: { id: row.installationId, name: row.installationName, ownerId: row.ownerId },
    chargerId: row.chargerId,
    connectorId: row.connectorId,
    charger: { id: row.chargerId, ...charger },
    tariff: tariffOf(row),
    own: row.own,
    paymentMethodId: row.paymentMethodId,
    held: row.held,
    captured: row.captured,
    released: row.released,
    kwh: Math.round(row.energyWh) / 1000,
    minutes: Math.round(secondsOf(row, now) / 6) / 10,
    elapsedSeconds: elapsedSecondsOf(row, now),
    powerKw: row.finishedAt || row.stoppedAt ? 0 : Math.round(row.powerW / 100) / 10,
    powerLimitKw:
      row.powerLimitW === null || row.finishedAt || row.stoppedAt
        ? null
        : Math.round(row.powerLimitW / 100) / 10,
    amount: row.finishedAt ? row.amount : livePrice,
    errorKey: row.errorKey,
    receiptId: row.receiptId,
    startedAt: iso(row.startedAt),
    stoppedAt: iso(row.stoppedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}
