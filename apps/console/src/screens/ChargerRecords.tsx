import { formatKwhOfWh } from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { ListChecks } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  statusOfAnswer,
  useChargerCalls,
  useChargerNotices,
  useChargerTransactions,
  useLocalList,
  useSendLocalList,
  type ChargerCall,
  type ChargerNotice,
  type OperatorCharger,
} from '../lib/chargers.ts';
import { ChargerAnswer } from './ChargerAnswer.tsx';
import { ListSkeleton, TableCard } from './Page.tsx';
import { dateTime } from '../lib/format.ts';

const cell = 'px-4 py-2 align-top';

/** A table of records under its column heads. */
function Table({
  caption,
  head,
  children,
  testId,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  testId: string;
}) {
  return (
    <TableCard label={caption}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">{children}</tbody>
      </table>
    </TableCard>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-2xl bg-white p-4 text-base text-slate-600 ring-1 ring-slate-200">
      {text}
    </p>
  );
}

/** A titled list of records: rows shaped like it while it loads, a retry, or a line for none. */
function Records<T extends { items: unknown[] }>({
  title,
  testId,
  query,
  empty,
  children,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<T>;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title} testId={testId}>
      {query.isPending && <ListSkeleton label={title} rows={2} />}
      {query.isError && (
        <RetryNotice
          text={t('charger.recordsFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void query.refetch()}
          pending={query.isFetching}
        />
      )}
      {query.data?.items.length === 0 && <Empty text={empty} />}
      {query.data && query.data.items.length > 0 && children(query.data)}
    </Section>
  );
}

/** The transactions the charger reported, with who is billed for each. */
export function TransactionsPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const list = useChargerTransactions(charger.id);
  return (
    <Records
      title={t('charger.sessions')}
      testId="charger-sessions"
      query={list}
      empty={t('charger.noSessions')}
    >
      {(data) => (
        <Table
          caption={t('charger.sessions')}
          testId="charger-sessions-table"
          head={[
            t('charger.started'),
            t('charger.connectorShort'),
            t('charger.tag'),
            t('charger.energy'),
            t('charger.billing'),
            t('charger.ended'),
          ]}
        >
          {data.items.map((tx) => (
            <tr key={tx.id}>
              <td className={`${cell} whitespace-nowrap`}>{dateTime(tx.startedAt)}</td>
              <td className={cell}>{tx.connectorId ?? '–'}</td>
              <td className={`${cell} font-mono`}>{tx.idTag ?? '–'}</td>
              <td className={`${cell} tabular-nums whitespace-nowrap`}>
                {tx.energyWh === null ? '–' : `${formatKwhOfWh(tx.energyWh)} kWh`}
              </td>
              <td className={cell}>{t(`charger.billingState.${tx.billing}`)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {tx.endedAt ? dateTime(tx.endedAt) : t('charger.running')}
                {tx.stopReason && <span className="block text-slate-600">{tx.stopReason}</span>}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Records>
  );
}

/** The charger's answer to a call: its status, its CALLERROR's code, or why there was none. */
function CallAnswer({ call }: { call: ChargerCall }) {
  const { t } = useTranslation();
  if (call.outcome === 'error' && call.error)
    return t('charger.callError', { code: call.error.code });
  if (call.outcome === 'result')
    return statusOfAnswer(call.response) ?? t('charger.outcome.result');
  return t(`charger.outcome.${call.outcome}`);
}

/** The calls operators sent the charger, newest first, with its answers. */
export function CallLogPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const calls = useChargerCalls(charger.identity);
  return (
    <Records
      title={t('charger.callLog')}
      testId="charger-call-log"
      query={calls}
      empty={t('charger.noCalls')}
    >
      {(data) => (
        <Table
          caption={t('charger.callLog')}
          testId="charger-calls-table"
          head={[t('charger.sent'), t('charger.action'), t('charger.answer')]}
        >
          {data.items.map((call) => (
            <tr key={call.id} data-outcome={call.outcome}>
              <td className={`${cell} whitespace-nowrap`}>{dateTime(call.createdAt)}</td>
              <td className={`${cell} font-mono`}>{call.action}</td>
              <td className={cell}>
                <CallAnswer call={call} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Records>
  );
}

/** A notice's detail in one line: its fields and values, short. */
function detailLine(notice: ChargerNotice) {
  return Object.entries(notice.detail)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .slice(0, 4)
    .map(([k, v]) => `${k}: ${String(v as string | number | boolean)}`)
    .join(' · ');
}

/** What the charger reported for the record: security events, logs, firmware, limits. */
export function NoticesPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const notices = useChargerNotices(charger.id);
  return (
    <Records
      title={t('charger.notices')}
      testId="charger-notices"
      query={notices}
      empty={t('charger.noNotices')}
    >
      {(data) => (
        <Table
          caption={t('charger.notices')}
          testId="charger-notices-table"
          head={[t('charger.at'), t('charger.kind'), t('charger.detail')]}
        >
          {data.items.map((notice) => (
            <tr key={notice.id}>
              <td className={`${cell} whitespace-nowrap`}>{dateTime(notice.at)}</td>
              <td className={cell}>
                <span className="font-medium">{t(`charger.noticeKind.${notice.kind}`)}</span>
                <span className="block font-mono text-slate-600">{notice.type}</span>
              </td>
              <td className={`${cell} break-all`}>{detailLine(notice) || '–'}</td>
            </tr>
          ))}
        </Table>
      )}
    </Records>
  );
}

/** The list of tags the charger accepts on its own, and sending it the current one. */
export function LocalListPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const list = useLocalList(charger.identity);
  const send = useSendLocalList(charger.identity);
  return (
    <Section title={t('charger.localList')} testId="charger-local-list">
      {send.isSuccess && (
        <ChargerAnswer
          outcome={{ action: 'SendLocalList', response: send.data.response }}
          onDismiss={() => send.reset()}
        />
      )}
      {send.isError && (
        <ChargerAnswer
          outcome={{ action: 'SendLocalList', error: send.error.message }}
          onDismiss={() => send.reset()}
        />
      )}
      {list.data && (
        <DetailList
          details={[
            {
              label: t('charger.listVersion'),
              value: list.data.version === 0 ? t('charger.listNone') : String(list.data.version),
              testId: 'local-list-version',
            },
            {
              label: t('charger.listSize'),
              value: list.data.size === null ? '–' : String(list.data.size),
              testId: 'local-list-size',
            },
            {
              label: t('charger.listSent'),
              value: list.data.sentAt ? dateTime(list.data.sentAt) : '–',
            },
          ]}
        />
      )}
      <p className="text-sm text-slate-700">{t('charger.localListHint')}</p>
      {list.data && list.data.tags.length > 0 && (
        <Table
          caption={t('charger.listTags', { count: list.data.tagsTotal })}
          testId="local-list-tags"
          head={[t('charger.tag'), t('charger.group'), t('charger.expires')]}
        >
          {list.data.tags.map((tag) => (
            <tr key={tag.idTag}>
              <td className={`${cell} font-mono`}>
                {tag.idTag}
                {tag.type === 'eMAID' && (
                  <span className="ml-2 font-sans text-slate-600">{t('charger.contract')}</span>
                )}
              </td>
              <td className={`${cell} font-mono`}>{tag.parentIdTag ?? '–'}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {tag.expiresAt ? dateTime(tag.expiresAt) : '–'}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {list.data && (
        <p className="text-sm text-slate-700" data-testid="local-list-next">
          {t('charger.listTags', { count: list.data.tagsTotal })}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          block={false}
          pending={send.isPending}
          disabled={!charger.online}
          icon={<ListChecks size={18} aria-hidden="true" />}
          onClick={() => send.mutate()}
        >
          {t('charger.sendLocalList')}
        </Button>
      </div>
    </Section>
  );
}
