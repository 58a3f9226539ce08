import { House, Zap } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../lib/app-state.ts';
import { paths } from '../../../lib/paths.ts';
import { ViewToolbar, type ViewMode } from '../../../lib/view-toolbar.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ListGroup, ListItem } from '@stod/ui/ListItem.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { useInstallations } from '../api/get-installations.ts';
import { ActiveChargeNotice } from '../components/ActiveChargeNotice.tsx';
import { InstallationRow } from '../components/InstallationRow.tsx';
import { loadFavourites, useFavourites } from '../favourites.ts';
import { installationDistance, orderInstallations } from '../order.ts';

// Leaflet loads with the map, never with the list or the first paint.
const InstallationMap = lazy(() => import('../components/InstallationMap.tsx'));

/**
 * `/charging/installations`: the installations the user may charge at (public ones and the
 * user's own), as a list or on a map; each opens its chargers. The list puts the user's own
 * first, then those with a connector free, nearest first once the position is known; a switch
 * leaves only those free now.
 */
export function InstallationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const installations = useInstallations();
  const position = useAppState((s) => s.geolocation);
  const [view, setView] = useState<ViewMode>('list');
  const [freeOnly, setFreeOnly] = useState(false);
  const favourites = useFavourites((s) => s.ids);
  useEffect(() => void loadFavourites(), []);
  const all = installations.data;
  const items = useMemo(
    () => (all ? orderInstallations(all, position, freeOnly, favourites) : undefined),
    [all, position, freeOnly, favourites],
  );

  return (
    <div data-testid="installations-screen" className="flex flex-1 flex-col">
      <ViewToolbar
        view={view}
        onView={setView}
        labels={{
          view: t('charging.view'),
          list: t('charging.viewList'),
          map: t('charging.viewMap'),
        }}
      >
        {all && all.length > 0 && (
          <div className="flex items-center justify-between gap-3 px-1">
            <p className="text-sm font-medium text-slate-700" data-testid="installations-count">
              {t('charging.count', { count: items?.length ?? 0 })}
            </p>
            <button
              type="button"
              aria-pressed={freeOnly}
              data-testid="installations-free-only"
              onClick={() => setFreeOnly((on) => !on)}
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors focus-visible:outline-3 focus-visible:outline-brand',
                freeOnly
                  ? 'bg-emerald-700 text-white ring-emerald-700'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <Zap size={16} aria-hidden="true" />
              {t('charging.freeOnly')}
            </button>
          </div>
        )}
      </ViewToolbar>
      {installations.isError && !items ? (
        <ErrorState
          level={2}
          title={t('error.fetchCharging')}
          text={t('charging.errorText')}
          action={
            <Button pending={installations.isFetching} onClick={() => void installations.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !items ? (
        <ListSkeleton label={t('charging.loading')} />
      ) : items.length === 0 ? (
        <div className="flex flex-1 flex-col" data-testid="installations-empty">
          {freeOnly ? (
            <EmptyState
              level={2}
              title={t('charging.noneFreeTitle')}
              text={t('charging.noneFreeText')}
              action={
                <Button variant="secondary" onClick={() => setFreeOnly(false)}>
                  {t('charging.showAll')}
                </Button>
              }
            />
          ) : (
            <EmptyState level={2} title={t('charging.emptyTitle')} text={t('charging.emptyText')} />
          )}
        </div>
      ) : view === 'map' ? (
        <Suspense fallback={<Skeleton className="m-5 flex-1 rounded-3xl" />}>
          <InstallationMap
            installations={items}
            position={position}
            onSelect={(id) => void navigate(paths.chargingInstallation(id))}
          />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4 px-5 pt-1 pb-[calc(env(safe-area-inset-bottom)+1.5rem)]">
          <ActiveChargeNotice />
          <ul
            aria-label={t('charging.list')}
            data-testid="installation-list"
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {items.map((installation) => (
              <InstallationRow
                key={installation.id}
                installation={installation}
                km={installationDistance(installation, position)}
              />
            ))}
          </ul>
          {items.some((installation) => installation.access !== 'public') && (
            <ListGroup>
              <ListItem
                to={paths.installations}
                label={t('charging.myStations')}
                icon={<House size={20} />}
              />
            </ListGroup>
          )}
        </div>
      )}
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="px-5 pt-1" data-testid="installations-loading">
      <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex min-h-20 items-center gap-3 px-4 py-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
