import { connectorStatuses } from '@stod/domain';
import { Field } from '@stod/ui/Field.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chargerPath } from '../app/paths.ts';
import {
  CHARGERS_PAGE,
  chargerProtocols,
  useChargers,
  type ChargerFilter,
  type OperatorCharger,
} from '../lib/chargers.ts';
import { useSearchPause } from '../lib/use-search-pause.ts';
import { ListSkeleton, Page, Pager } from './Page.tsx';
import { Select } from './Select.tsx';
import { ConnectorChip, DecommissionedChip, OnlineChip } from './StateChip.tsx';
import { dateTime } from '../lib/format.ts';

const protocolName = (protocol: string | null) =>
  protocol ? protocol.replace('ocpp', 'OCPP ') : '–';

function ChargerRow({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const make = [charger.vendor, charger.model].filter(Boolean).join(' ');
  return (
    <li>
      <Link
        to={chargerPath(charger.identity)}
        data-testid="charger-row"
        data-identity={charger.identity}
        className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <div className="grid min-w-0 flex-1 gap-2 md:grid-cols-[13rem_9rem_1fr] md:items-center md:gap-4 xl:grid-cols-[13rem_9rem_1fr_auto]">
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate font-mono text-base font-semibold text-slate-900">
              {charger.identity}
            </span>
            <span className="truncate text-sm text-slate-600">{charger.installationName}</span>
          </span>
          <span>
            {charger.decommissionedAt ? (
              <DecommissionedChip />
            ) : (
              <OnlineChip online={charger.online} />
            )}
          </span>
          <span className="flex min-w-0 flex-col gap-0.5 text-sm text-slate-700">
            <span className="truncate">
              {protocolName(charger.protocol)}
              {make && ` · ${make}`}
            </span>
            <span className="truncate text-slate-600">
              {charger.firmware
                ? t('chargers.firmware', { version: charger.firmware })
                : t('chargers.noFirmware')}
            </span>
            <span className="truncate text-slate-600">
              {charger.lastSeenAt
                ? t('chargers.lastSeen', { time: dateTime(charger.lastSeenAt) })
                : t('chargers.neverSeen')}
            </span>
          </span>
          <ul
            className="flex flex-wrap gap-2 md:col-span-3 xl:col-span-1"
            aria-label={t('charger.connectors')}
          >
            {charger.connectors.map((c) => (
              <li key={c.connectorId} className="flex items-center gap-1 text-sm text-slate-700">
                <span className="sr-only">{t('charger.connector', { number: c.connectorId })}</span>
                <span aria-hidden="true" className="font-semibold tabular-nums">
                  {c.connectorId}
                </span>
                <ConnectorChip status={c.status} />
              </li>
            ))}
          </ul>
        </div>
        <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}

/** Every charger, found by identity or site, narrowed to online or offline and to a protocol. */
export function ChargersScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ChargerFilter>({
    q: '',
    online: '',
    protocol: '',
    status: '',
  });
  const [offset, setOffset] = useState(0);
  // Typing asks the API once it pauses, not for every letter.
  const chargers = useChargers(useSearchPause(filter), offset);
  const change = (next: Partial<ChargerFilter>) => {
    setFilter({ ...filter, ...next });
    setOffset(0);
  };
  const total = chargers.data?.total ?? 0;

  return (
    <Page title={t('section.chargers')} wide>
      <search>
        <form
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto]"
          onSubmit={(e) => e.preventDefault()}
        >
          <Field
            type="search"
            label={t('chargers.search')}
            placeholder={t('chargers.searchHint')}
            value={filter.q}
            maxLength={64}
            onChange={(e) => change({ q: e.target.value })}
          />
          <Select
            label={t('chargers.connection')}
            value={filter.online}
            onChange={(e) => change({ online: e.target.value as ChargerFilter['online'] })}
          >
            <option value="">{t('chargers.all')}</option>
            <option value="true">{t('chargers.online')}</option>
            <option value="false">{t('chargers.offline')}</option>
          </Select>
          <Select
            label={t('chargers.status')}
            value={filter.status}
            onChange={(e) => change({ status: e.target.value as ChargerFilter['status'] })}
          >
            <option value="">{t('chargers.all')}</option>
            {connectorStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`charger.status.${status}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('chargers.protocol')}
            value={filter.protocol}
            onChange={(e) => change({ protocol: e.target.value as ChargerFilter['protocol'] })}
          >
            <option value="">{t('chargers.all')}</option>
            {chargerProtocols.map((p) => (
              <option key={p} value={p}>
                {protocolName(p)}
              </option>
            ))}
          </Select>
        </form>
      </search>
      {chargers.isPending && <ListSkeleton label={t('section.chargers')} />}
      {chargers.isError && (
        <RetryNotice
          text={t('chargers.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void chargers.refetch()}
          pending={chargers.isFetching}
        />
      )}
      {chargers.data && (
        <p className="text-base text-slate-700" role="status" data-testid="charger-count">
          {t('chargers.count', { count: total })}
        </p>
      )}
      {chargers.data?.items.length === 0 && (
        <EmptyState level={2} title={t('chargers.empty')} text={t('chargers.emptyText')} />
      )}
      {chargers.data && chargers.data.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-3" data-testid="console-chargers">
            {chargers.data.items.map((charger) => (
              <ChargerRow key={charger.id} charger={charger} />
            ))}
          </ul>
          <Pager
            label={t('section.chargers')}
            offset={offset}
            page={CHARGERS_PAGE}
            total={total}
            onOffset={setOffset}
          />
        </>
      )}
    </Page>
  );
}
