import {
  type ChargerView,
  type ConnectorStatus,
  type ConnectorView,
  formatDecimal,
  isFreeStatus,
  isUnavailableStatus,
} from '@stod/domain';

/**
 * A connector's state as every screen that shows chargers says it: the charging flow, where one
 * is chosen, and an owner's installation, where they are watched. The texts are the charging
 * screens' (features/charging/i18n); a screen that shows them loads that bundle.
 */

/** Power: '11,0' (kW, one decimal). */
export const formatKw = (kw: number) => formatDecimal(Math.max(0, kw), 1);

/** A maximum power as chargers are sold: '22', '7,4', '150'. */
export const formatMaxKw = (kw: number) =>
  Number.isInteger(kw) ? String(kw) : formatDecimal(kw, 1).replace(/,0$/, '');

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
