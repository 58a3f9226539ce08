import { distanceKm, formatDistance, openStatus, openStatusText, type Station } from '@stod/domain';
import { ChevronRight, MapPin, UtensilsCrossed } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/index.ts';
import { useAppState } from '../../../lib/app-state.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { useStations } from '../../../lib/stations-query.ts';
import { getPreference } from '../../../platform/preferences.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';

// Only a signed-in user can have an order: a guest's first paint does without the order's code.
const OpenOrder = lazy(() =>
  import('../components/OpenOrder.tsx').then((m) => ({ default: m.OpenOrder })),
);

/**
 * `/food-order`: the station to order from (the one last ordered from, else the nearest), the
 * other food stations, and the way back to an order still on its way.
 */
export function FoodStartScreen() {
  const { t } = useTranslation();
  const list = useStations();
  const stations = list.data?.items ?? [];
  const position = useAppState((s) => s.geolocation);
  const [lastUsed, setLastUsed] = useState<string | null>(null);

  useEffect(() => {
    void getPreference('food_station').then(setLastUsed);
  }, []);

  const food = stations.filter((s) => s.services.includes('food'));
  const byDistance = position
    ? [...food].sort((a, b) => distanceKm(position, a.location) - distanceKm(position, b.location))
    : food;
  const remembered = food.find((s) => String(s.id) === lastUsed);
  const featured = remembered ?? (position ? byDistance[0] : undefined);
  const others = byDistance.filter((s) => s !== featured);

  return (
    <Screen>
      <div className="flex flex-col gap-1 px-1">
        <h2 className="text-2xl font-bold text-slate-900">{t('food.startTitle')}</h2>
        <p className="text-base text-slate-600">{t('food.startText')}</p>
      </div>
      <OpenOrderBanner />
      {list.isError && !list.data ? (
        <RetryNotice
          text={t('food.stationsFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void list.refetch()}
          pending={list.isFetching}
          testId="food-stations-error"
        />
      ) : !list.data ? (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : food.length === 0 ? (
        <p className="px-1 text-base text-slate-600">{t('food.noStations')}</p>
      ) : (
        <>
          {featured && (
            <FeaturedStation
              station={featured}
              label={t(remembered ? 'food.lastUsed' : 'food.nearest')}
            />
          )}
          {others.length > 0 && (
            <section aria-labelledby="food-other" className="flex flex-col gap-2">
              <h2
                id="food-other"
                className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
              >
                {featured ? t('food.otherStations') : t('food.allStations')}
              </h2>
              <ul className="flex flex-col gap-2" data-testid="food-station-list">
                {others.map((s) => (
                  <StationRow key={s.id} station={s} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Screen>
  );
}

function useStatusText(station: Station) {
  const now = useMinuteClock();
  return openStatusText(openStatus(station.openingHours, now), useLocale());
}

function FeaturedStation({ station, label }: { station: Station; label: string }) {
  const { t } = useTranslation();
  const position = useAppState((s) => s.geolocation);
  const status = useStatusText(station);
  return (
    <section
      aria-labelledby="food-featured"
      data-testid="food-featured-station"
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-amber-800"
        >
          <UtensilsCrossed size={28} />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-xs font-semibold tracking-wide text-brand-strong uppercase">
            {label}
          </span>
          <h2 id="food-featured" className="text-xl font-bold text-slate-900">
            {station.name}
          </h2>
          <p className="text-sm text-slate-600">{status}</p>
          {position && (
            <p className="inline-flex items-center gap-1 text-sm text-slate-600">
              <MapPin size={14} aria-hidden="true" />
              {formatDistance(distanceKm(position, station.location))}
            </p>
          )}
        </div>
      </div>
      <ButtonLink
        to={paths.foodStation(station.id)}
        className="min-h-14 text-lg"
        data-testid="food-featured-menu"
      >
        {t('food.toMenu')}
      </ButtonLink>
    </section>
  );
}

function StationRow({ station }: { station: Station }) {
  const status = useStatusText(station);
  return (
    <li>
      <Link
        to={paths.foodStation(station.id)}
        data-testid={`food-station-${station.id}`}
        className="flex min-h-16 items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-base font-semibold text-slate-900">{station.name}</span>
          <span className="text-sm text-slate-600">{status}</span>
        </span>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

/** A signed-in user's newest order while it is still open: the way back to it. */
function OpenOrderBanner() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <OpenOrder />
    </Suspense>
  );
}
