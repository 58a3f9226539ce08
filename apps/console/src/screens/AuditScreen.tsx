import { auditChanges } from '@stod/domain';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE, useAudit, type AuditEntry, type AuditFilter } from '../lib/audit.ts';
import { ListSkeleton, Page, Pager, TableCard } from './Page.tsx';
import { Select } from './Select.tsx';
import { dateTime } from '../lib/format.ts';
import { dayOfText } from '../lib/dates.ts';
import { messageText } from '../i18n/index.ts';

const cell = 'px-4 py-2 align-top';

/** Done, refused by the API, or failed: the answer's status as a word and a colour. */
function Outcome({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = status < 400 ? 'done' : status < 500 ? 'refused' : 'failed';
  return (
    <span
      data-outcome={kind}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1',
        kind === 'done' && 'bg-emerald-100 text-emerald-900 ring-emerald-300',
        kind === 'refused' && 'bg-amber-100 text-amber-950 ring-amber-400',
        kind === 'failed' && 'bg-red-100 text-red-900 ring-red-300',
      )}
    >
      {t(`audit.outcome.${kind}`)} · {status}
    </span>
  );
}

/** A value as the change list shows it: text as it is, anything else as JSON, absence as '–'. */
const shown = (value: unknown) =>
  value === undefined || value === null
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * What an action changed: each field that differs, before and after, when the log knows both;
 * the result alone for an action that made something new.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { before, after } = entry;
  if (after === null || after === undefined) return null;
  if (before === null || before === undefined) {
    return (
      <details className="mt-1">
        <summary className="cursor-pointer text-brand-strong">{t('audit.result')}</summary>
        <pre className="mt-1 max-w-md overflow-x-auto rounded-lg bg-slate-50 p-2 font-mono text-xs text-slate-800">
          {JSON.stringify(after, null, 2)}
        </pre>
      </details>
    );
  }
  const changes = auditChanges(before, after);
  if (changes.length === 0)
    return <p className="mt-1 text-sm text-slate-600">{t('audit.noChange')}</p>;
  return (
    <table className="mt-2 w-full max-w-md text-left text-xs" data-testid="audit-changes">
      <caption className="sr-only">{t('audit.changes')}</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('audit.field')}
          </th>
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('audit.before')}
          </th>
          <th scope="col" className="py-0.5 font-medium">
            {t('audit.after')}
          </th>
        </tr>
      </thead>
      <tbody className="font-mono text-slate-900">
        {changes.map((change) => (
          <tr key={change.field} className="border-t border-slate-100">
            <th scope="row" className="py-0.5 pr-2 font-medium break-all">
              {change.field}
            </th>
            <td className="py-0.5 pr-2 break-all text-red-800 line-through decoration-red-300">
              {shown(change.before)}
            </td>
            <td className="py-0.5 break-all text-emerald-900">{shown(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [method, ...route] = entry.action.split(' ');
  // In the route's order: the database keeps the parameters sorted its own way.
  const at = (key: string) => entry.action.indexOf(`:${key}`);
  const target = Object.entries(entry.target).sort(([a], [b]) => at(a) - at(b));
  return (
    <tr data-testid="audit-entry">
      <td className={`${cell} whitespace-nowrap`}>{dateTime(entry.at)}</td>
      <td className={cell}>
        <span className="block font-medium text-slate-900">
          {entry.actorName ?? t('audit.goneActor')}
        </span>
        <span className="block text-slate-600">
          {t(`role.${entry.actorRole}`, entry.actorRole)}
        </span>
      </td>
      <td className={cell}>
        <span className="font-mono text-slate-900">
          <span className="font-semibold">{method}</span> {route.join(' ').replace('/api', '')}
        </span>
        {target.length > 0 && (
          <span className="block font-mono text-slate-600">
            {target.map(([key, value]) => `${key}=${value}`).join(' · ')}
          </span>
        )}
        {entry.request !== null && (
          <details className="mt-1">
            <summary className="cursor-pointer text-brand-strong">{t('audit.body')}</summary>
            <pre className="mt-1 max-w-md overflow-x-auto rounded-lg bg-slate-50 p-2 font-mono text-xs text-slate-800">
              {JSON.stringify(entry.request, null, 2)}
            </pre>
          </details>
        )}
        <Changes entry={entry} />
      </td>
      <td className={cell}>
        <Outcome status={entry.status} />
      </td>
      <td className={`${cell} text-slate-800`}>{entry.reason ?? '–'}</td>
    </tr>
  );
}

/** Every staff action, newest first: who, when, what, how it ended and why. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({ action: '', from: '', until: '' });
  // The days as typed; the filter takes a day once the text is one (or empty).
  const [days, setDays] = useState({ from: '', until: '' });
  const typeDay = (name: 'from' | 'until', text: string) => {
    setDays({ ...days, [name]: text });
    const day = dayOfText(text);
    if (day !== null || text.trim() === '') change({ [name]: day ?? '' });
  };
  const dayError = (name: 'from' | 'until') =>
    days[name].trim() !== '' && dayOfText(days[name]) === null
      ? messageText('validation.invalid')
      : undefined;
  const [offset, setOffset] = useState(0);
  const audit = useAudit(filter, offset);
  const change = (next: Partial<AuditFilter>) => {
    setFilter({ ...filter, ...next });
    setOffset(0);
  };
  const total = audit.data?.total ?? 0;
  return (
    <Page title={t('section.audit')} wide>
      <p className="text-base text-slate-600">{t('audit.intro')}</p>
      <search>
        <form
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 md:grid-cols-[1fr_auto_auto]"
          onSubmit={(e) => e.preventDefault()}
        >
          <Select
            label={t('audit.action')}
            value={filter.action}
            onChange={(e) => change({ action: e.target.value })}
          >
            <option value="">{t('audit.allActions')}</option>
            {(audit.data?.actions ?? []).map((action) => (
              <option key={action} value={action}>
                {action.replace('/api', '')}
              </option>
            ))}
          </Select>
          <Field
            label={t('audit.from')}
            placeholder={t('date.dayFormat')}
            autoComplete="off"
            spellCheck={false}
            value={days.from}
            error={dayError('from')}
            onChange={(e) => typeDay('from', e.target.value)}
          />
          <Field
            label={t('audit.until')}
            placeholder={t('date.dayFormat')}
            autoComplete="off"
            spellCheck={false}
            value={days.until}
            error={dayError('until')}
            onChange={(e) => typeDay('until', e.target.value)}
          />
        </form>
      </search>
      {audit.isPending && <ListSkeleton label={t('section.audit')} />}
      {audit.isError && (
        <RetryNotice
          text={t('audit.loadFailed')}
          retryLabel={t('vouchers.retry')}
          onRetry={() => void audit.refetch()}
          pending={audit.isFetching}
        />
      )}
      {audit.data?.items.length === 0 && <EmptyState level={2} title={t('audit.empty')} />}
      {audit.data && audit.data.items.length > 0 && (
        <>
          <TableCard label={t('section.audit')}>
            <table className="w-full text-left text-sm" data-testid="audit-table">
              <caption className="sr-only">{t('section.audit')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['when', 'who', 'what', 'outcome', 'reason'].map((head) => (
                    <th
                      key={head}
                      scope="col"
                      className={`${cell} font-semibold whitespace-nowrap`}
                    >
                      {t(`audit.column.${head as 'when'}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800">
                {audit.data.items.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </TableCard>
          <Pager
            label={t('section.audit')}
            offset={offset}
            page={AUDIT_PAGE}
            total={total}
            onOffset={setOffset}
          />
        </>
      )}
    </Page>
  );
}
