import {
  isFreeStatus,
  isUnavailableStatus,
  type Charge,
  type ChargeLabel,
  type ChargerView,
  type ConnectorStatus,
  type ConnectorView,
} from '@stod/domain';

/**
 * How the charging screens show what the API answers: figures in the app's format, the labels
 * of spec §4 and the connectors' states.
 */

const decimal = (value: number, digits: number) =>
  (Number.isFinite(value) ? value : 0).toFixed(digits).replace('.', ',');

/** Energy as the screen shows it: '12,35' (kWh, two decimals). */
export const formatKwh = (kwh: number) => decimal(Math.max(0, kwh), 2);

/** Power: '11,0' (kW, one decimal). */
export const formatKw = (kw: number) => decimal(Math.max(0, kw), 1);

/** Minutes since the start: '12,3'. */
export const formatMinutes = (minutes: number) => decimal(Math.max(0, minutes), 1);

/** A maximum power as chargers are sold: '22', '7,4', '150'. */
export const formatMaxKw = (kw: number) =>
  Number.isInteger(kw) ? String(kw) : decimal(kw, 1).replace(/,0$/, '');

export const CHARGE_LABEL_KEYS = {
  ready: 'charging.label.ready',
  plug: 'charging.label.plug',
  charging: 'charging.label.charging',
  complete: 'charging.label.complete',
  cancelled: 'charging.label.cancelled',
} as const satisfies Record<ChargeLabel, string>;

export const CONNECTOR_STATUS_KEYS = {
  Available: 'charging.status.Available',
  Preparing: 'charging.status.Preparing',
  Charging: 'charging.status.Charging',
  SuspendedEVSE: 'charging.status.SuspendedEVSE',
  SuspendedEV: 'charging.status.SuspendedEV',
  Finishing: 'charging.status.Finishing',
  Reserved: 'charging.status.Reserved',
  Unavailable: 'charging.status.Unavailable',
  Faulted: 'charging.status.Faulted',
  Offline: 'charging.status.Offline',
} as const satisfies Record<ConnectorStatus, string>;

/** The three looks of a connector: it can be chosen, a car charges at it, or it cannot be used. */
export type ConnectorTone = 'free' | 'busy' | 'unavailable';

/** A connector as the user may use it: a charger the backend cannot reach is offline. */
export function connectorStatus(charger: Pick<ChargerView, 'online'>, connector: ConnectorView) {
  return charger.online ? connector.status : 'Offline';
}

export function connectorTone(status: ConnectorStatus): ConnectorTone {
  if (isFreeStatus(status)) return 'free';
  if (status === 'Offline' || isUnavailableStatus(status)) return 'unavailable';
  return 'busy';
}

/** A connector a charge may be opened at now. */
export function isChoosable(charger: Pick<ChargerView, 'online'>, connector: ConnectorView) {
  return connectorTone(connectorStatus(charger, connector)) === 'free';
}

/**
 * Spec §4 "Charge": an update that finished the charge is only stored; otherwise, a charger that
 * became Unavailable, Reserved or Faulted sends the user to the installation-unavailable screen.
 */
export function leavesForUnavailable(charge: Pick<Charge, 'finishedAt' | 'charger'>): boolean {
  return charge.finishedAt === null && isUnavailableStatus(charge.charger.status);
}

/** The charger's number at its installation, counted from 1 in the API's order. */
export function chargerNumber(chargers: readonly Pick<ChargerView, 'id'>[], chargerId: string) {
  const index = chargers.findIndex((c) => c.id === chargerId);
  return index === -1 ? null : index + 1;
}
