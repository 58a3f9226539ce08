import type { InstallationView } from '@stod/domain';
import { paths } from '../../lib/paths.ts';
import { isChoosable } from './charge-view.ts';
import type { ConnectorChoice } from './components/ConnectorGrid.tsx';

/** The query parameters that carry the chosen connector to the charge screen. */
export const CHARGER_PARAM = 'charger';
export const CONNECTOR_PARAM = 'connector';

/** The charge screen with a connector chosen: `?charger={id}&connector={n}`, kept by a reload. */
export function chargeScreenPath(installationId: string, choice: ConnectorChoice): string {
  const search = new URLSearchParams({
    [CHARGER_PARAM]: choice.chargerId,
    [CONNECTOR_PARAM]: String(choice.connectorId),
  });
  return `${paths.chargingCharge(installationId)}?${search.toString()}`;
}

/** The connector a charge screen's address names, or null. */
export function choiceFromSearch(search: URLSearchParams): ConnectorChoice | null {
  const chargerId = search.get(CHARGER_PARAM);
  const connector = search.get(CONNECTOR_PARAM);
  if (!chargerId || !connector || !/^[0-9]{1,2}$/.test(connector)) return null;
  const connectorId = Number(connector);
  return connectorId > 0 ? { chargerId, connectorId } : null;
}

/** Whether the chosen connector exists at the installation and may be used now. */
export function isFreeChoice(installation: InstallationView, choice: ConnectorChoice | null) {
  if (!choice) return false;
  const charger = installation.chargers.find((c) => c.id === choice.chargerId);
  const connector = charger?.connectors.find((c) => c.connectorId === choice.connectorId);
  return charger !== undefined && connector !== undefined && isChoosable(charger, connector);
}

/** Whether the chosen connector exists at the installation at all. */
export function choiceExists(installation: InstallationView, choice: ConnectorChoice | null) {
  if (!choice) return false;
  const charger = installation.chargers.find((c) => c.id === choice.chargerId);
  return charger?.connectors.some((c) => c.connectorId === choice.connectorId) ?? false;
}
