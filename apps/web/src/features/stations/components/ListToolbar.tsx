import { List, Map as MapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import type { SortMode } from '../sort.ts';

export type ViewMode = 'list' | 'map';

const sortLabels = {
  name: 'stations.sortName',
  distance: 'stations.sortDistance',
  services: 'stations.sortServices',
} as const;

interface Props {
  view: ViewMode;
  onView: (view: ViewMode) => void;
  sort: SortMode;
  onSort: (sort: SortMode) => void;
  count: number | null;
}

const segment =
  'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl text-base font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

const chip =
  'min-h-11 rounded-full px-4 text-sm font-semibold ring-1 transition-colors ring-inset ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The list/map switch and, in the list, the sort order. */
export function ListToolbar({ view, onView, sort, onSort, count }: Props) {
  const { t } = useTranslation();
  return (
    <div className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-10 flex flex-col gap-3 bg-surface/95 px-5 pt-2 pb-3 backdrop-blur">
      <div
        role="group"
        aria-label={t('stations.view')}
        className="flex gap-1 rounded-2xl bg-slate-200/80 p-1"
      >
        {(['list', 'map'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            onClick={() => onView(mode)}
            className={cn(
              segment,
              view === mode
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {mode === 'list' ? (
              <List size={18} aria-hidden="true" />
            ) : (
              <MapIcon size={18} aria-hidden="true" />
            )}
            {t(mode === 'list' ? 'stations.viewList' : 'stations.viewMap')}
          </button>
        ))}
      </div>
      {view === 'list' && (
        <div className="flex items-center gap-2">
          <div
            role="radiogroup"
            aria-label={t('stations.sortBy')}
            className="flex min-w-0 flex-1 gap-2 overflow-x-auto"
          >
            {(['name', 'distance', 'services'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                role="radio"
                aria-checked={sort === mode}
                onClick={() => onSort(mode)}
                className={cn(
                  chip,
                  sort === mode
                    ? 'bg-brand text-white ring-brand'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {t(sortLabels[mode])}
              </button>
            ))}
          </div>
          {count !== null && (
            <span data-testid="station-count" className="shrink-0 text-sm text-slate-600">
              {t('stations.count', { count })}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
