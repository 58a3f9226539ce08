import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { ViewToolbar, type ViewMode } from '../../../lib/view-toolbar.tsx';
import type { SortMode } from '../sort.ts';

export type { ViewMode };

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

const chip =
  'min-h-11 rounded-full px-4 text-sm font-semibold ring-1 transition-colors ring-inset ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The list/map switch and, in the list, the sort order. */
export function ListToolbar({ view, onView, sort, onSort, count }: Props) {
  const { t } = useTranslation();
  return (
    <ViewToolbar
      view={view}
      onView={onView}
      labels={{
        view: t('stations.view'),
        list: t('stations.viewList'),
        map: t('stations.viewMap'),
      }}
    >
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
    </ViewToolbar>
  );
}
