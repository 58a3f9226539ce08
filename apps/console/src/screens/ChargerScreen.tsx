import { ButtonLink } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../app/paths.ts';
import { CHARGER_REFRESH_MS, useCharger, type OperatorCharger } from '../lib/chargers.ts';
import { isNotFound } from '../lib/station-live.ts';
import {
  AnyCallPanel,
  CommandPanel,
  ConfigurationPanel,
  ConnectorPanel,
} from './ChargerCommands.tsx';
import {
  CallLogPanel,
  LocalListPanel,
  NoticesPanel,
  TransactionsPanel,
} from './ChargerRecords.tsx';
import { ServicePanel } from './ChargerService.tsx';
import { BackLink, ListSkeleton, Page } from './Page.tsx';
import { OnlineChip } from './StateChip.tsx';
import { dateTime } from '../lib/format.ts';

type ProfileKey = 'charger.profile.1' | 'charger.profile.2' | 'charger.profile.3';
const profileText: Partial<Record<number, ProfileKey>> = {
  1: 'charger.profile.1',
  2: 'charger.profile.2',
  3: 'charger.profile.3',
};

/** Two panels side by side where the screen is wide enough, one above the other elsewhere. */
const pair = 'grid items-start gap-6 lg:grid-cols-2';

/** Whether the charger is connected now, and when it was last heard. */
function Connection({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <OnlineChip online={charger.online} />
      <span className="text-sm text-slate-600">
        {charger.lastSeenAt
          ? t('chargers.lastSeen', { time: dateTime(charger.lastSeenAt) })
          : t('chargers.neverSeen')}
      </span>
      <span className="flex items-center gap-1 text-sm text-slate-600">
        <RefreshCw size={14} aria-hidden="true" />
        {t('station.liveHint', { seconds: CHARGER_REFRESH_MS / 1000 })}
      </span>
    </div>
  );
}

/** Where the charger is, what it is and runs, and how it connects. */
function Facts({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const make = [charger.vendor, charger.model].filter(Boolean).join(' ');
  const profileOf = (profile: number) => {
    const key = profileText[profile];
    return key ? t(key) : String(profile);
  };
  return (
    <Section title={t('charger.about')}>
      <DetailList
        testId="charger-facts"
        details={[
          { label: t('charger.installation'), value: charger.installationName },
          {
            label: t('chargers.protocol'),
            value: charger.protocol ? charger.protocol.replace('ocpp', 'OCPP ') : '–',
          },
          { label: t('charger.make'), value: make || '–' },
          { label: t('charger.firmware'), value: charger.firmware ?? '–' },
          { label: t('charger.maxPower'), value: `${String(charger.maxPowerKw)} kW` },
          {
            label: t('charger.lastBoot'),
            value: charger.lastBootAt ? dateTime(charger.lastBootAt) : '–',
          },
          {
            label: t('charger.securityProfile'),
            value: profileOf(charger.securityProfile),
          },
        ]}
      />
    </Section>
  );
}

/** One charger: its connectors live, the common commands, any call, and what it reported. */
export function ChargerScreen() {
  const { t } = useTranslation();
  const identity = useParams().identity ?? '';
  const charger = useCharger(identity);
  const back = <BackLink to={paths.chargers} label={t('charger.allChargers')} />;

  if (charger.isError && isNotFound(charger.error))
    return (
      <Page title={t('charger.notFound')} back={back} wide>
        <EmptyState
          level={2}
          title={t('charger.notFound')}
          text={t('charger.notFoundText', { identity })}
          action={
            <ButtonLink to={paths.chargers} variant="secondary">
              {t('charger.allChargers')}
            </ButtonLink>
          }
        />
      </Page>
    );

  return (
    <Page title={identity} back={back} wide>
      {charger.isPending && <ListSkeleton label={t('charger.loading')} />}
      {charger.isError && (
        <RetryNotice
          text={t('charger.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void charger.refetch()}
          pending={charger.isFetching}
        />
      )}
      {charger.data && (
        <>
          <Connection charger={charger.data} />
          {charger.data.decommissionedAt && (
            <Notice tone="error" testId="charger-decommissioned">
              {t('charger.service.isOut', { time: dateTime(charger.data.decommissionedAt) })}
            </Notice>
          )}
          <div className={pair}>
            <Facts charger={charger.data} />
            <div className="flex flex-col gap-6">
              <ConnectorPanel charger={charger.data} />
              <CommandPanel charger={charger.data} />
            </div>
          </div>
          <ConfigurationPanel charger={charger.data} />
          <div className={pair}>
            <LocalListPanel charger={charger.data} />
            <AnyCallPanel charger={charger.data} />
          </div>
          <ServicePanel charger={charger.data} />
          <TransactionsPanel charger={charger.data} />
          <div className={pair}>
            <CallLogPanel charger={charger.data} />
            <NoticesPanel charger={charger.data} />
          </div>
        </>
      )}
    </Page>
  );
}
