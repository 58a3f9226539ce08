import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { ChefHat, OctagonAlert, RefreshCw } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { kitchenPath, paths } from '../app/paths.ts';
import { mayUseKitchen } from '../lib/kitchen.ts';
import { useStation, useStationSettings } from '../lib/station.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { useSession } from '../lib/session.ts';
import { isNotFound, LIVE_REFRESH_MS, useStationLive } from '../lib/station-live.ts';
import { BackLink, ListSkeleton, Page } from './Page.tsx';
import { BayCard, MachineCard, PumpCard, ResumeWash } from './PointCards.tsx';
import { StationPrices } from './StationPrices.tsx';
import { MenuAvailability } from './MenuAvailability.tsx';
import { SoundSwitch } from './SoundSwitch.tsx';
import { StationSettings } from './StationSettings.tsx';
import { dateTime } from '../lib/format.ts';
import { useSoundOnNew } from '../lib/alarms.ts';
import { ALARM_TONES, useChime } from '../lib/chime.ts';
import type { LiveBay } from '../lib/station-live.ts';

/** A station that is not there, or not one of the caller's: the API answers both alike. */
function StationNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('station.notFound')}
      text={t('station.notFoundText')}
      action={
        <ButtonLink to={paths.stations} variant="secondary">
          {t('station.allStations')}
        </ButtonLink>
      }
    />
  );
}

/** The way to the station's kitchen display, for those who use it, where the station has food. */
function KitchenLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const member = useSession((s) => s.member);
  const allowed = mayUseKitchen(member, id);
  const station = useStation(id, allowed);
  if (!allowed || !station.data?.services.includes('food')) return null;
  return (
    <div>
      <ButtonLink
        to={kitchenPath(id)}
        variant="secondary"
        block={false}
        icon={<ChefHat size={20} aria-hidden="true" />}
      >
        {t('kitchen.open')}
      </ButtonLink>
    </div>
  );
}

function Points({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} testId={testId}>
      {empty ? (
        <p className="text-base text-slate-600">{empty}</p>
      ) : (
        <ul className="grid grid-cols-2 items-start gap-3 lg:grid-cols-3">{children}</ul>
      )}
    </Section>
  );
}

/**
 * Pausing the kitchen (the app takes no new food orders until staff take orders again), and
 * whether an order nobody answers in time is accepted rather than let expire.
 */
function KitchenPause({
  id,
  paused,
  autoAccept,
  prepMinutes,
}: {
  id: number;
  paused: boolean;
  autoAccept: boolean;
  prepMinutes: number;
}) {
  const { t } = useTranslation();
  const settings = useStationSettings(id);
  const auto = useStationSettings(id);
  // The box shows what was asked from the click on (set in the same render, not when the save
  // reports itself pending) until the station read again says so, or the save failed.
  const [asked, setAsked] = useState<boolean>();
  if (asked === autoAccept) setAsked(undefined);
  return (
    <div className="flex flex-col gap-3" data-testid="kitchen-pause">
      {paused && (
        <Notice tone="error" testId="kitchen-paused">
          {t('station.kitchenPaused')}
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          block={false}
          pending={settings.isPending}
          icon={<ChefHat size={20} aria-hidden="true" />}
          onClick={() =>
            settings.mutate(
              { settings: { kitchenPaused: !paused }, reason: '' },
              {
                onSuccess: () =>
                  showToast(
                    'success',
                    t(paused ? 'station.kitchenResumedDone' : 'station.kitchenPausedDone'),
                  ),
              },
            )
          }
        >
          {t(paused ? 'station.resumeKitchen' : 'station.pauseKitchen')}
        </Button>
        <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand"
            checked={asked ?? autoAccept}
            disabled={auto.isPending}
            onChange={(e) => {
              const next = e.target.checked;
              setAsked(next);
              auto.mutate(
                { settings: { kitchenAutoAccept: next }, reason: '' },
                {
                  onSuccess: () =>
                    showToast(
                      'success',
                      t(next ? 'station.autoAcceptOn' : 'station.autoAcceptOff'),
                    ),
                  onError: () => setAsked(undefined),
                },
              );
            }}
          />
          {t('station.autoAccept')}
        </label>
      </div>
      <PrepTime id={id} minutes={prepMinutes} />
    </div>
  );
}

/** The kitchen's preparation time: the first pickup time the app offers, and an auto-accept's. */
function PrepTime({ id, minutes }: { id: number; minutes: number }) {
  const { t } = useTranslation();
  const save = useStationSettings(id);
  const [text, setText] = useState(String(minutes));
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const bad = !(value >= 1 && value <= 120);
  const [tried, setTried] = useState(false);
  return (
    <form
      noValidate
      data-testid="kitchen-prep"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (bad) return;
        save.mutate(
          { settings: { kitchenPrepMinutes: value }, reason: '' },
          { onSuccess: () => showToast('success', t('station.prepSaved', { minutes: value })) },
        );
      }}
    >
      <div className="w-40">
        <Field
          label={t('station.prepMinutes')}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          error={tried && bad ? t('station.prepInvalid') : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" block={false} pending={save.isPending}>
        {t('station.prepSave')}
      </Button>
      <p className="basis-full text-sm text-slate-600">{t('station.prepHint')}</p>
    </form>
  );
}

/** A wash that stopped waits for staff; it is shown first, where the screen opens. */
function StoppedWashes({
  stationId,
  bays,
  canResume,
}: {
  stationId: number;
  bays: readonly LiveBay[];
  canResume: boolean;
}) {
  const { t } = useTranslation();
  return bays.map((bay) => {
    const transaction = bay.transaction;
    if (transaction?.state !== 'stopped' || transaction.finishedAt !== null) return null;
    return (
      <section
        key={bay.number}
        aria-labelledby={`stopped-${String(bay.number)}`}
        data-testid={`stopped-wash-${String(bay.number)}`}
        className="flex flex-col gap-3 rounded-2xl border-l-8 border-l-red-600 bg-red-50 p-4 ring-1 ring-red-300 sm:flex-row sm:items-center"
      >
        <OctagonAlert size={28} aria-hidden="true" className="shrink-0 text-red-700" />
        <h2
          id={`stopped-${String(bay.number)}`}
          className="flex-1 text-lg font-semibold text-slate-900"
        >
          {t('alarms.kind.wash.stopped', { point: bay.number })}
        </h2>
        {canResume ? (
          <ResumeWash stationId={stationId} bay={bay.number} transaction={transaction} />
        ) : (
          <p className="text-sm text-slate-700">{t('station.resumeNotAllowed')}</p>
        )}
      </section>
    );
  });
}

function StationLive({ id }: { id: number }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.member?.role);
  const live = useStationLive(id);
  const chime = useChime(ALARM_TONES);
  const stopped = useMemo(
    () =>
      live.data?.bays
        .filter((b) => b.transaction?.state === 'stopped')
        .map((b) => b.transaction?.id ?? ''),
    [live.data],
  );
  useSoundOnNew(stopped, chime.play);
  if (isNotFound(live.error)) return <StationNotFound />;
  const { data } = live;
  const canResume = role === 'operator' || role === 'station';
  /** Those who run the station take its points out of service and back. */
  const manager = canResume ? { stationId: id } : undefined;
  return (
    <Page
      title={data?.station.name ?? t('station.title')}
      back={<BackLink to={paths.stations} label={t('station.allStations')} />}
    >
      {live.isPending && <ListSkeleton label={t('station.loading')} rows={6} />}
      {live.isError && !data && (
        <RetryNotice
          text={t('station.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void live.refetch()}
          pending={live.isFetching}
        />
      )}
      {data && (
        <>
          <div className="-mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <RefreshCw size={16} aria-hidden="true" />
              {t('station.liveHint', { seconds: LIVE_REFRESH_MS / 1000 })}
            </p>
            {canResume && <SoundSwitch chime={chime} />}
          </div>
          <StoppedWashes stationId={id} bays={data.bays} canResume={canResume} />
          <KitchenLink id={id} />
          {canResume && data.kitchen && (
            <KitchenPause
              id={id}
              paused={data.kitchenPaused}
              autoAccept={data.kitchenAutoAccept}
              prepMinutes={data.kitchenPrepMinutes}
            />
          )}
          {live.isError && (
            <Notice tone="error" testId="live-stale">
              {t('station.stale', { time: dateTime(live.dataUpdatedAt) })}
            </Notice>
          )}
          {!data.reachable.forecourt && (
            <Notice tone="error" testId="forecourt-unreachable">
              <strong className="block">{t('station.forecourtUnreachable')}</strong>
              {t('station.forecourtUnreachableText')}
            </Notice>
          )}
          {!data.reachable.carwash && (
            <Notice tone="error" testId="carwash-unreachable">
              <strong className="block">{t('station.carwashUnreachable')}</strong>
              {t('station.carwashUnreachableText')}
            </Notice>
          )}
          <Points
            title={t('station.pumps')}
            testId="station-pumps"
            empty={data.pumps.length === 0 ? t('station.noPumps') : null}
          >
            {data.pumps.map((pump) => (
              <PumpCard key={pump.number} pump={pump} now={live.dataUpdatedAt} manager={manager} />
            ))}
          </Points>
          <Points
            title={t('station.bays')}
            testId="station-bays"
            empty={data.bays.length === 0 ? t('station.noBays') : null}
          >
            {data.bays.map((bay) => (
              <BayCard
                key={bay.number}
                bay={bay}
                now={live.dataUpdatedAt}
                canResume={canResume}
                manager={manager}
              />
            ))}
          </Points>
          {data.machines.length > 0 && (
            <Points title={t('station.machines')} testId="station-machines" empty={null}>
              {data.machines.map((machine) => (
                <MachineCard key={machine.id} machine={machine} manager={manager} />
              ))}
            </Points>
          )}
          {data.kitchen && role !== 'support' && <MenuAvailability stationId={id} />}
          {canResume && <StationPrices id={id} editable={role === 'operator'} />}
          {canResume && <StationSettings id={id} />}
        </>
      )}
    </Page>
  );
}

/** One station's pumps and bays with their transactions, live, at /stations/{id}. */
export function StationScreen() {
  const { id } = useParams();
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return <StationNotFound />;
  return <StationLive key={id} id={Number(id)} />;
}
