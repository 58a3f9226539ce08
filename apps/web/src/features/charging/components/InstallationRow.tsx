import { formatDistance, type InstallationView } from '@stod/domain';
import { ChevronRight, Settings, Star, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { cn } from '@stod/ui/cn.ts';
import { useFavourites } from '../favourites.ts';
import { AccessBadge } from './AccessBadge.tsx';
import { useTariffText } from './TariffText.ts';

/**
 * One installation in the list: its name, whose it is, its free connectors and its price. The
 * user's own has a second way in beside it: to its page under "My charging stations".
 */
export function InstallationRow({
  installation,
  km,
}: {
  installation: InstallationView;
  /** How far it is, once the position is known. */
  km: number | null;
}) {
  const { t } = useTranslation();
  const tariffText = useTariffText();
  const free = installation.connectorsFree;
  const favourite = useFavourites((s) => s.ids.includes(installation.id));
  const toggle = useFavourites((s) => s.toggle);
  return (
    <li className="flex items-stretch">
      <Link
        to={paths.chargingInstallation(installation.id)}
        data-testid="installation-row"
        data-installation-id={installation.id}
        className="flex min-h-20 min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            free > 0 ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-700',
          )}
        >
          <Zap size={20} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              data-testid="installation-name"
              className="min-w-0 text-base font-semibold break-words text-slate-900"
            >
              {installation.name}
            </span>
            <AccessBadge access={installation.access} />
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
            <span
              data-testid="installation-free"
              className={cn(
                'font-semibold tabular-nums',
                free > 0 ? 'text-emerald-800' : 'text-slate-600',
              )}
            >
              {t('charging.free', { free, total: installation.connectorsTotal })}
            </span>
            <span data-testid="installation-price" className="text-slate-700 tabular-nums">
              {tariffText(installation.tariff, installation.access === 'own')}
            </span>
            {km !== null && (
              <span data-testid="installation-distance" className="text-slate-700 tabular-nums">
                {formatDistance(km)}
              </span>
            )}
          </span>
        </span>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
      </Link>
      {installation.access !== 'own' && (
        <button
          type="button"
          data-testid="installation-favourite"
          aria-pressed={favourite}
          aria-label={t('charging.favourite', { name: installation.name })}
          onClick={() => toggle(installation.id)}
          className="flex w-14 shrink-0 items-center justify-center border-l border-slate-200 transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
        >
          <Star
            size={20}
            aria-hidden="true"
            className={favourite ? 'fill-amber-400 text-amber-600' : 'text-slate-500'}
          />
        </button>
      )}
      {installation.access === 'own' && (
        <Link
          to={paths.installation(installation.id)}
          data-testid="installation-manage"
          aria-label={t('charging.manage', { name: installation.name })}
          className="flex w-14 shrink-0 items-center justify-center border-l border-slate-200 text-brand-strong transition-colors hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand active:bg-slate-100"
        >
          <Settings size={20} aria-hidden="true" />
        </Link>
      )}
    </li>
  );
}
