import { formatCurrency, sectionsFor } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { cn } from '@stod/ui/cn.ts';
import { OctagonAlert, TriangleAlert, Wifi, WifiOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chargerPath, customerPath, stationPath } from '../app/paths.ts';
import {
  alarmParams,
  useAcknowledge,
  useAlarms,
  useAlarmSocketStatus,
  useSoundOnNew,
  type Alarm,
  type AlarmView,
} from '../lib/alarms.ts';
import { ALARM_TONES, useChime } from '../lib/chime.ts';
import { dateTime } from '../lib/format.ts';
import { useSession } from '../lib/session.ts';
import type { SocketStatus } from '../lib/staff-socket.ts';
import { ListSkeleton, Page } from './Page.tsx';
import { SoundSwitch } from './SoundSwitch.tsx';

const looks = {
  fault: {
    card: 'bg-red-50 ring-red-300 border-l-red-600',
    icon: 'text-red-700',
    pill: 'bg-red-700 text-white',
  },
  warning: {
    card: 'bg-amber-50 ring-amber-300 border-l-amber-500',
    icon: 'text-amber-800',
    pill: 'bg-amber-300 text-slate-950',
  },
} as const;

function LiveState({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  const lost = status === 'lost';
  return (
    <p
      className={cn('flex items-center gap-2 text-sm', lost ? 'text-red-800' : 'text-slate-600')}
      data-testid="alarms-live"
      data-status={status}
    >
      {lost ? <WifiOff size={16} aria-hidden="true" /> : <Wifi size={16} aria-hidden="true" />}
      {t(lost ? 'alarms.lost' : 'alarms.live')}
    </p>
  );
}

/** Where the alarm can be dealt with: the station's screen, or the charger's. */
function AlarmLink({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.member?.role);
  const support = role ? sectionsFor(role).includes('customers') : false;
  const className =
    'text-base font-semibold text-brand-strong underline underline-offset-4 hover:no-underline';
  if (alarm.subject.charger && alarm.kind.startsWith('charger.'))
    return (
      <Link className={className} to={chargerPath(alarm.subject.charger)}>
        {t('alarms.openCharger')}
      </Link>
    );
  if (alarm.subject.customerId && support && alarm.clearedAt === null)
    return (
      <Link className={className} to={customerPath(alarm.subject.customerId)}>
        {t('alarms.openCustomer')}
      </Link>
    );
  if (alarm.stationId !== null && alarm.clearedAt === null)
    return (
      <Link className={className} to={stationPath(alarm.stationId)}>
        {alarm.kind === 'wash.stopped' ? t('alarms.resumeAtStation') : t('alarms.openStation')}
      </Link>
    );
  return null;
}

function AlarmCard({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledge();
  const look = looks[alarm.severity];
  const Icon = alarm.severity === 'fault' ? OctagonAlert : TriangleAlert;
  const what = t(`alarms.kind.${alarm.kind}`, {
    ...alarmParams(alarm),
    amount: formatCurrency(alarm.subject.amount ?? 0),
  });
  const quiet = alarm.acknowledgedAt !== null || alarm.clearedAt !== null;
  return (
    <li
      data-testid="alarm"
      data-kind={alarm.kind}
      data-severity={alarm.severity}
      data-acknowledged={alarm.acknowledgedAt !== null}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border-l-8 p-4 ring-1 sm:flex-row sm:items-center',
        quiet ? 'border-l-slate-400 bg-white ring-slate-200' : look.card,
      )}
    >
      <Icon
        size={28}
        aria-hidden="true"
        className={cn('shrink-0', quiet ? 'text-slate-500' : look.icon)}
      />
      <div className="flex flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-sm font-bold',
              quiet ? 'bg-slate-200 text-slate-800' : look.pill,
            )}
          >
            {t(`alarms.severity.${alarm.severity}`)}
          </span>
          <span className="text-lg font-semibold text-slate-900">{what}</span>
        </p>
        <p className="text-base text-slate-700">
          {alarm.stationName ?? t('alarms.network')}
          {' · '}
          {alarm.clearedAt
            ? t('alarms.clearedAt', { time: dateTime(alarm.clearedAt) })
            : t('alarms.since', { time: dateTime(alarm.raisedAt) })}
        </p>
        {alarm.subject.errorCode && (
          <p className="text-sm text-slate-700">
            {t('alarms.errorCode', { code: alarm.subject.errorCode })}
          </p>
        )}
        {alarm.acknowledgedBy && alarm.acknowledgedAt && (
          <p className="text-sm text-slate-700" data-testid="alarm-acknowledged">
            {t('alarms.acknowledgedBy', {
              name: alarm.acknowledgedBy.name,
              time: dateTime(alarm.acknowledgedAt),
            })}
          </p>
        )}
        {alarm.escalatedAt && (
          <p className="text-sm text-slate-700">
            {t('alarms.escalated', { time: dateTime(alarm.escalatedAt) })}
          </p>
        )}
        {acknowledge.isError && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {t('alarms.acknowledgeFailed')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:justify-end">
        <AlarmLink alarm={alarm} />
        {alarm.clearedAt === null && alarm.acknowledgedAt === null && (
          <Button
            block={false}
            pending={acknowledge.isPending}
            onClick={() => acknowledge.mutate(alarm.id)}
            aria-label={t('alarms.acknowledgeLabel', { what })}
          >
            {t('alarms.acknowledge')}
          </Button>
        )}
      </div>
    </li>
  );
}

function Tabs({ view, onChange }: { view: AlarmView; onChange: (view: AlarmView) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2" role="group" aria-label={t('alarms.show')}>
      {(['open', 'cleared'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={cn(
            'min-h-11 rounded-xl px-4 text-base font-medium ring-1',
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
            view === v
              ? 'bg-night text-white ring-night'
              : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
          )}
        >
          {t(`alarms.view.${v}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The network's alarms, live: faults red and first, waits amber; a new one sounds (after a tap
 * allows sound) and staff acknowledge each. A station manager sees their stations' only.
 */
export function AlarmsScreen() {
  const { t } = useTranslation();
  const member = useSession((s) => s.member);
  const [view, setView] = useState<AlarmView>('open');
  const open = useAlarms('open');
  const cleared = useAlarms('cleared', view === 'cleared');
  const status = useAlarmSocketStatus();
  const chime = useChime(ALARM_TONES);
  const unacknowledged = useMemo(
    () => open.data?.items.filter((a) => a.acknowledgedAt === null).map((a) => a.id),
    [open.data],
  );
  useSoundOnNew(unacknowledged, chime.play);
  const shown = view === 'open' ? open : cleared;
  const counts = open.data?.counts;

  return (
    <Page title={t('section.alarms')} wide>
      <p className="-mt-3 text-base text-slate-600">
        {member?.stationIds === null ? t('alarms.scopeAll') : t('alarms.scopeOwn')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3" data-testid="alarm-counts">
          <span
            className={cn(
              'rounded-full px-3 py-1 text-base font-bold',
              counts?.fault ? looks.fault.pill : 'bg-slate-200 text-slate-800',
            )}
          >
            {t('alarms.faults', { count: counts?.fault ?? 0 })}
          </span>
          <span
            className={cn(
              'rounded-full px-3 py-1 text-base font-bold',
              counts?.warning ? looks.warning.pill : 'bg-slate-200 text-slate-800',
            )}
          >
            {t('alarms.warnings', { count: counts?.warning ?? 0 })}
          </span>
          <LiveState status={status} />
        </div>
        <SoundSwitch chime={chime} />
      </div>
      <Tabs view={view} onChange={setView} />
      {shown.isPending && <ListSkeleton label={t('section.alarms')} />}
      {shown.isError && !shown.data && (
        <RetryNotice
          text={t('alarms.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void shown.refetch()}
          pending={shown.isFetching}
        />
      )}
      {shown.data?.items.length === 0 && (
        <EmptyState
          level={2}
          title={t(view === 'open' ? 'alarms.empty' : 'alarms.emptyCleared')}
          text={view === 'open' ? t('alarms.emptyText') : undefined}
        />
      )}
      {shown.data && shown.data.items.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid={`alarms-${view}`}>
          {shown.data.items.map((alarm) => (
            <AlarmCard key={alarm.id} alarm={alarm} />
          ))}
        </ul>
      )}
    </Page>
  );
}
