import type { ChargerView, InstallationView } from '@stod/domain';
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
} from '../charge-view.ts';
import { useTariffText } from './TariffText.ts';

export interface ConnectorChoice {
  chargerId: string;
  connectorId: number;
}

interface Props {
  installation: InstallationView;
  onSelect: (choice: ConnectorChoice) => void;
  /** A grid that keeps a choice marks it (aria-pressed); one that moves on at once has none. */
  selected?: ConnectorChoice | null;
}

const look: Record<ConnectorTone, string> = {
  free: 'bg-white text-slate-900 ring-2 ring-emerald-600 hover:bg-emerald-50 active:bg-emerald-100',
  busy: 'bg-amber-50 text-amber-950 ring-1 ring-amber-300 cursor-not-allowed',
  unavailable: 'bg-slate-100 text-slate-700 ring-1 ring-slate-300 cursor-not-allowed',
};

const icons = { free: CircleCheck, busy: Clock, unavailable: Ban } as const;

/**
 * An installation's chargers, each with its kind, its power and its price, and its connectors
 * as large tiles with their live status. Only a free connector can be chosen; the others stay in
 * the tab order, marked disabled, so everyone can hear which are there and why.
 */
export function ConnectorGrid({ installation, onSelect, selected }: Props) {
  const { t } = useTranslation();
  const tariffText = useTariffText();
  return (
    <ol className="flex flex-col gap-4" data-testid="charger-list">
      {installation.chargers.map((charger, index) => (
        <li
          key={charger.id}
          data-testid="charger"
          data-charger-id={charger.id}
          data-identity={charger.identity}
          className="flex flex-col gap-3 rounded-3xl bg-white p-4 ring-1 ring-slate-200"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-0.5">
              <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900">
                {t('charging.charger', { number: index + 1 })}
                <span
                  data-testid="charger-kind"
                  className={cn(
                    'rounded-md px-1.5 py-0.5 text-xs font-bold',
                    charger.kind === 'DC'
                      ? 'bg-slate-900 text-white'
                      : 'bg-slate-200 text-slate-900',
                  )}
                >
                  {charger.kind}
                </span>
              </h3>
              <p className="text-sm text-slate-700">
                {t('charging.upTo', { kw: formatMaxKw(charger.maxPowerKw) })}
              </p>
            </div>
            <p
              data-testid="charger-price"
              className="shrink-0 text-base font-semibold text-slate-900 tabular-nums"
            >
              {tariffText(charger.tariff, installation.access === 'own')}
            </p>
          </div>
          <ConnectorTiles
            charger={charger}
            number={index + 1}
            onSelect={onSelect}
            selected={selected}
          />
        </li>
      ))}
    </ol>
  );
}

interface TilesProps {
  charger: ChargerView;
  number: number;
  onSelect: (choice: ConnectorChoice) => void;
  selected: ConnectorChoice | null | undefined;
}

function ConnectorTiles({ charger, number, onSelect, selected }: TilesProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3">
      {charger.connectors.map((connector) => {
        const status = connectorStatus(charger, connector);
        const tone = connectorTone(status);
        const free = tone === 'free';
        const chosen =
          selected?.chargerId === charger.id && selected.connectorId === connector.connectorId;
        const Icon = icons[tone];
        const state = t(CONNECTOR_STATUS_KEYS[status]);
        return (
          <li key={connector.connectorId}>
            <button
              type="button"
              data-testid="connector"
              data-connector-id={connector.connectorId}
              data-status={status}
              aria-label={t('charging.connectorLabel', {
                number: connector.connectorId,
                charger: number,
                state,
              })}
              aria-disabled={!free || undefined}
              aria-pressed={selected === undefined ? undefined : chosen}
              onClick={() => {
                if (free) onSelect({ chargerId: charger.id, connectorId: connector.connectorId });
              }}
              className={cn(
                'flex min-h-24 w-full flex-col items-start justify-between gap-2 rounded-2xl p-3 text-left transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
                chosen ? 'bg-brand text-white ring-2 ring-brand' : look[tone],
              )}
            >
              <span className="text-base font-bold">
                {t('charging.connector', { number: connector.connectorId })}
              </span>
              <span aria-hidden="true" className="flex items-center gap-1.5 text-sm font-semibold">
                <Icon size={15} />
                {state}
              </span>
              {status === 'Charging' && connector.powerKw !== null && (
                <span aria-hidden="true" className="flex items-center gap-1 text-sm tabular-nums">
                  <Zap size={14} />
                  {formatKw(connector.powerKw)} kW
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the tiles' looks mean. */
export function ConnectorLegend() {
  const { t } = useTranslation();
  const keys = {
    free: 'charging.legend.free',
    busy: 'charging.legend.busy',
    unavailable: 'charging.legend.unavailable',
  } as const;
  return (
    <ul
      aria-label={t('charging.legend')}
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
    >
      {(['free', 'busy', 'unavailable'] as const).map((tone) => {
        const Icon = icons[tone];
        return (
          <li key={tone} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn('flex size-5 items-center justify-center rounded-md', look[tone])}
            >
              <Icon size={12} />
            </span>
            {t(keys[tone])}
          </li>
        );
      })}
    </ul>
  );
}
