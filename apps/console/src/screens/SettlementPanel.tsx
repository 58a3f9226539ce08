import { formatCurrency, type SettlementDifference } from '@stod/domain';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { cn } from '@stod/ui/cn.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPath } from '../app/paths.ts';
import { dayOfText, dayText } from '../lib/dates.ts';
import { financeFiles, faroeToday, useSettlement } from '../lib/finance.ts';
import { dateTime } from '../lib/format.ts';
import { DownloadButton, Failed, Figure } from './FinanceParts.tsx';
import { ListSkeleton, TableCard } from './Page.tsx';

const problemTones: Record<SettlementDifference['problem'], string> = {
  missingAtGateway: 'bg-amber-100 text-amber-950 ring-amber-300',
  missingHere: 'bg-red-100 text-red-900 ring-red-300',
  amountDiffers: 'bg-red-100 text-red-900 ring-red-300',
};

/** One difference: what is wrong, when, the two amounts, and the customer it concerns. */
function DifferenceRow({ d }: { d: SettlementDifference }) {
  const { t } = useTranslation();
  const amount = (ore: number | null) => (ore === null ? '–' : formatCurrency(ore));
  return (
    <tr className="border-t border-slate-100" data-testid="settlement-difference">
      <td className="px-3 py-2">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
            problemTones[d.problem],
          )}
        >
          {t(`finance.settlement.problem.${d.problem}`)}
        </span>
      </td>
      <td className="px-3 py-2">{t(`finance.settlement.kind.${d.kind}`)}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{dateTime(d.at)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{amount(d.ours)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{amount(d.gateway)}</td>
      <td className="px-3 py-2">
        {d.userId ? (
          <Link
            to={customerPath(d.userId)}
            className="font-medium text-brand-strong underline-offset-2 hover:underline"
          >
            {t('finance.settlement.customer')}
          </Link>
        ) : (
          <span className="font-mono text-xs break-all text-slate-600">{d.paymentId ?? d.key}</span>
        )}
      </td>
    </tr>
  );
}

/**
 * Settlement: one day's captures and refunds in our books against the card gateway's report,
 * the totals of both sides and every difference, with the customer's page one tap away.
 */
export function SettlementPanel() {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dayText(faroeToday()));
  const day = dayOfText(text);
  const [shown, setShown] = useState(() => faroeToday());
  const report = useSettlement(shown);
  const data = report.data;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{t('finance.settlement.intro')}</p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (day) setShown(day);
        }}
      >
        <div className="w-48">
          <Field
            label={t('finance.settlement.day')}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('date.dayFormat')}
            value={text}
            error={text.trim() && !day ? t('validation.invalid') : undefined}
            onChange={(e) => {
              setText(e.target.value);
              const next = dayOfText(e.target.value);
              if (next) setShown(next);
            }}
          />
        </div>
        <DownloadButton label={t('finance.csv')} fetchFile={() => financeFiles.settlement(shown)} />
      </form>
      {report.isPending && <ListSkeleton label={t('finance.tab.settlement')} rows={3} />}
      {report.isError && (
        <Failed onRetry={() => void report.refetch()} pending={report.isFetching} />
      )}
      {data && (
        <>
          {!data.available && <Notice tone="info">{t('finance.settlement.unavailable')}</Notice>}
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label={t('finance.settlement.oursCaptures', { count: data.ours.captures.count })}
              value={formatCurrency(data.ours.captures.amount)}
              testId="settlement-ours-captures"
            />
            <Figure
              label={t('finance.settlement.gatewayCaptures', {
                count: data.gateway.captures.count,
              })}
              value={formatCurrency(data.gateway.captures.amount)}
              testId="settlement-gateway-captures"
            />
            <Figure
              label={t('finance.settlement.oursRefunds', { count: data.ours.refunds.count })}
              value={formatCurrency(data.ours.refunds.amount)}
            />
            <Figure
              label={t('finance.settlement.gatewayRefunds', { count: data.gateway.refunds.count })}
              value={formatCurrency(data.gateway.refunds.amount)}
            />
          </dl>
          {data.available && data.differences.length === 0 && (
            <Notice tone="success" testId="settlement-clean">
              {data.matched === 0
                ? t('finance.settlement.none')
                : t('finance.settlement.clean', { count: data.matched })}
            </Notice>
          )}
          {data.differences.length > 0 && (
            <Section
              title={t('finance.settlement.differences', { count: data.differences.length })}
            >
              <TableCard label={t('finance.settlement.differencesLabel')}>
                <table className="w-full min-w-[48rem] text-left text-sm">
                  <thead className="text-slate-600">
                    <tr>
                      {(['problem', 'kind', 'at', 'ours', 'gateway', 'who'] as const).map((c) => (
                        <th
                          key={c}
                          scope="col"
                          className={cn(
                            'px-3 py-2 font-medium',
                            (c === 'ours' || c === 'gateway') && 'text-right',
                          )}
                        >
                          {t(`finance.settlement.col.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.differences.map((d) => (
                      <DifferenceRow key={`${d.problem}-${d.key}`} d={d} />
                    ))}
                  </tbody>
                </table>
              </TableCard>
              <p className="text-sm text-slate-600">{t('finance.settlement.help')}</p>
            </Section>
          )}
        </>
      )}
    </div>
  );
}
