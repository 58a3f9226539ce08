import {
  type Charge,
  type ChargeLabel,
  type ChargerView,
  type ConnectorView,
  formatDecimal,
  isUnavailableStatus,
} from '@stod/domain';
import { connectorStatus, connectorTone } from '../../lib/connector-status.ts';

// The connectors' states are shown by the installations' screens too: they live in lib.
export {
  CONNECTOR_STATUS_KEYS,
  connectorStatus,
  connectorTone,
  formatKw,
  formatMaxKw,
  type ConnectorTone,
} from '../../lib/connector-status.ts';

/**
 * How the charging screens show what the API answers: figures in the app's format, the labels
 * of spec §4 and the connectors' states.
 */

/** Energy as the screen shows it: '12,35' (kWh, two decimals). */
export const formatKwh = (kwh: number) => formatDecimal(Math.max(0, kwh), 2);

export const CHARGE_LABEL_KEYS = {
  ready: 'charging.label.ready',
  plug: 'charging.label.plug',
  charging: 'charging.label.charging',
  complete: 'charging.label.complete',
  cancelled: 'charging.label.cancelled',
} as const satisfies Record<ChargeLabel, string>;

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
