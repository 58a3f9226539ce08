import type { ChargerView } from '@stod/domain';
import { Ban, CircleCheck, Clock, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import {
  CONNECTOR_STATUS_KEYS,
  connectorStatus,
  connectorTone,
  formatKw,
  formatMaxKw,
  type ConnectorTone,
} from '../../../lib/connector-status.ts';

const look: Record<ConnectorTone, string> = {
  free: 'bg-emerald-50 text-emerald-950 ring-emerald-300',
  busy: 'bg-amber-50 text-amber-950 ring-amber-300',
  unavailable: 'bg-slate-100 text-slate-800 ring-slate-300',
};

const icons = { free: CircleCheck, busy: Clock, unavailable: Ban } as const;

/**
 * The installation's chargers and each connector's live state, as the charging screens name
 * them; here they are only watched (charging starts from the charging screens).
 */
export function ChargerStatusList({ chargers }: { chargers: readonly ChargerView[] }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-3" data-testid="charger-status-list">
      {chargers.map((charger, index) => (
        <li
          key={charger.id}
          data-testid="charger-status"
          data-identity={charger.identity}
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-base font-bold text-slate-900">
              {t('charging.charger', { number: index + 1 })}
            </h3>
            <p className="text-sm text-slate-700">
              {charger.kind} · {t('charging.upTo', { kw: formatMaxKw(charger.maxPowerKw) })}
            </p>
          </div>
          <ul className="grid grid-cols-2 gap-2">
            {charger.connectors.map((connector) => {
              const status = connectorStatus(charger, connector);
              const tone = connectorTone(status);
              const Icon = icons[tone];
              return (
                <li
                  key={connector.connectorId}
                  data-testid="connector-status"
                  data-connector-id={connector.connectorId}
                  data-status={status}
                  className={cn(
                    'flex min-h-14 flex-col justify-center gap-0.5 rounded-xl px-3 py-2 ring-1 ring-inset',
                    look[tone],
                  )}
                >
                  <span className="text-sm font-semibold">
                    {t('charging.connector', { number: connector.connectorId })}
                  </span>
                  <span className="flex items-center gap-1.5 text-sm">
                    <Icon size={14} aria-hidden="true" />
                    {t(CONNECTOR_STATUS_KEYS[status])}
                    {status === 'Charging' && connector.powerKw !== null && (
                      <span className="inline-flex items-center gap-0.5 tabular-nums">
                        · <Zap size={12} aria-hidden="true" />
                        {formatKw(connector.powerKw)} kW
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
