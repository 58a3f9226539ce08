import { sectionsFor, type StationService } from '@stod/domain';
import { EmptyState } from '@stod/ui/States.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { ChefHat, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kitchenPath, stationPath } from '../app/paths.ts';
import { useAlarms, type AlarmCounts } from '../lib/alarms.ts';
import { useStationList } from '../lib/station.ts';
import { mayUseKitchen } from '../lib/kitchen.ts';
import { useSession } from '../lib/session.ts';
import { ListSkeleton, Page } from './Page.tsx';

/** A station's open alarms at a glance: red for what is out of order, amber for what waits. */
function AlarmMarks({ counts }: { counts: AlarmCounts | undefined }) {
  const { t } = useTranslation();
  if (!counts || (counts.fault === 0 && counts.warning === 0)) return null;
  return (
    <span className="flex flex-wrap gap-2" data-testid="station-alarms">
      {counts.fault > 0 && (
        <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
          {t('stations.alarmFaults', { count: counts.fault })}
        </span>
      )}
      {counts.warning > 0 && (
        <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-sm font-bold text-slate-950">
          {t('stations.alarmWarnings', { count: counts.warning })}
        </span>
      )}
    </span>
  );
}

/** The stations the staff member works at; an operator's list holds every station. */
export function StationsScreen() {
  const { t } = useTranslation();
  const member = useSession((s) => s.member);
  const stations = useStationList();
  const alarms = useAlarms('open', member ? sectionsFor(member.role).includes('alarms') : false);
  const alarmsOf = (id: number) => alarms.data?.stations.find((s) => s.stationId === id);
  return (
    <Page title={t('section.stations')}>
      <p className="text-base text-slate-600">
        {member?.stationIds === null ? t('stations.scopeAll') : t('stations.scopeOwn')}
      </p>
      {stations.isPending && <ListSkeleton label={t('section.stations')} />}
      {stations.isError && (
        <RetryNotice
          text={t('stations.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void stations.refetch()}
          pending={stations.isFetching}
        />
      )}
      {stations.data?.items.length === 0 && <EmptyState level={2} title={t('stations.empty')} />}
      {stations.data && stations.data.items.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="console-stations">
          {stations.data.items.map((station) => (
            <li key={station.id} className="flex flex-col gap-2">
              <Link
                to={stationPath(station.id)}
                className={cn(
                  'flex flex-1 items-center gap-3 rounded-2xl bg-white p-4 ring-1 hover:ring-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
                  alarmsOf(station.id)?.fault ? 'ring-2 ring-red-500' : 'ring-slate-200',
                )}
              >
                <span className="flex flex-1 flex-col gap-1">
                  <span className="text-base font-semibold text-slate-900">{station.name}</span>
                  <span className="text-sm text-slate-600">{station.address}</span>
                  <AlarmMarks counts={alarmsOf(station.id)} />
                  <span className="text-sm text-slate-600">
                    {t('stations.services', {
                      services: station.services
                        .map((s) => t(`service.${s as StationService}`))
                        .join(', '),
                    })}
                  </span>
                </span>
                <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
              </Link>
              {station.services.includes('food') && mayUseKitchen(member, station.id) && (
                <ButtonLink
                  to={kitchenPath(station.id)}
                  variant="secondary"
                  icon={<ChefHat size={20} aria-hidden="true" />}
                >
                  {t('kitchen.title')}
                </ButtonLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
