import {
  formatCurrency,
  formatDecimal,
  salesGroupings,
  type AdminPayout,
  type SalesFigures,
  type SalesGrouping,
  type SalesRow,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { cn } from '@stod/ui/cn.ts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../lib/api.ts';
import { dateTimeText, dayText } from '../lib/dates.ts';
import {
  financeFiles,
  recentMonths,
  useLiability,
  usePayouts,
  usePayoutStep,
  useSalesReport,
  useVatReport,
} from '../lib/finance.ts';
import { DownloadButton, Failed, Figure } from './FinanceParts.tsx';
import { ListSkeleton, Page } from './Page.tsx';
import { SettlementPanel } from './SettlementPanel.tsx';
import { Select } from './Select.tsx';

type MonthNumber =
  '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12';

const tabs = ['sales', 'vat', 'settlement', 'liability', 'payouts'] as const;
type Tab = (typeof tabs)[number];

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const keyCell = 'px-3 py-2 text-left font-semibold text-slate-900';

/** A month as the console names it: "november 2026". */
function useMonthName() {
  const { t } = useTranslation();
  return (month: string) => {
    const [year = '', m = '01'] = month.split('-');
    return `${t(`finance.month.${m as MonthNumber}`)} ${year}`;
  };
}

/** The figures of a report, a line per group and the total under them. */
function FiguresTable({
  caption,
  keyLabel,
  keyText,
  rows,
  total,
  testId,
}: {
  caption: string;
  keyLabel: string;
  keyText: (key: string) => string;
  rows: readonly SalesRow[];
  total: SalesFigures;
  testId: string;
}) {
  const { t } = useTranslation();
  const columns: [keyof SalesFigures, string][] = [
    ['sales', t('finance.col.sales')],
    ['gross', t('finance.col.gross')],
    ['vat', t('finance.col.vat')],
    ['voucher', t('finance.col.voucher')],
    ['card', t('finance.col.card')],
    ['refunds', t('finance.col.refunds')],
    ['net', t('finance.col.net')],
    ['netVat', t('finance.col.netVat')],
  ];
  const value = (figures: SalesFigures, field: keyof SalesFigures) =>
    field === 'sales' ? String(figures.sales) : formatCurrency(figures[field]);
  return (
    // A region the keyboard can scroll, where the table is wider than the screen.
    <div
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:ring-3 focus-visible:ring-brand focus-visible:outline-none"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={`${keyCell} font-medium text-slate-600`}>
              {keyLabel}
            </th>
            {columns.map(([field, label]) => (
              <th key={field} scope="col" className={`${cell} font-medium`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-100">
              <th scope="row" className={keyCell}>
                {keyText(row.key)}
              </th>
              {columns.map(([field]) => (
                <td
                  key={field}
                  className={cn(cell, field === 'refunds' && row.refunds > 0 && 'text-red-700')}
                >
                  {value(row, field)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
          <tr>
            <th scope="row" className={keyCell}>
              {t('finance.total')}
            </th>
            {columns.map(([field]) => (
              <td key={field} className={cell} data-testid={`total-${field}`}>
                {value(total, field)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** What a report line is called: a service or station by its name, a day as written here. */
function useKeyText(groupBy: SalesGrouping) {
  const { t } = useTranslation();
  return (key: string) => {
    if (groupBy === 'service') return t(`finance.service.${key}`, { defaultValue: key });
    if (groupBy === 'day') return dayText(key);
    if (groupBy === 'station' && key === '') return t('finance.noStation');
    return key;
  };
}

function SalesPanel({ month }: { month: string }) {
  const { t } = useTranslation();
  const [groupBy, setGroupBy] = useState<SalesGrouping>('station');
  const report = useSalesReport(month, groupBy);
  const keyText = useKeyText(groupBy);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Select
          label={t('finance.groupBy')}
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value as SalesGrouping)}
        >
          {salesGroupings.map((g) => (
            <option key={g} value={g}>
              {t(`finance.groupBy.${g}`)}
            </option>
          ))}
        </Select>
        <DownloadButton
          label={t('finance.csv')}
          fetchFile={() => financeFiles.sales(month, groupBy)}
        />
      </div>
      {report.isPending && <ListSkeleton label={t('finance.tab.sales')} rows={3} />}
      {report.isError && (
        <Failed onRetry={() => void report.refetch()} pending={report.isFetching} />
      )}
      {report.data && report.data.rows.length === 0 && (
        <EmptyState level={2} title={t('finance.noSales')} />
      )}
      {report.data && report.data.rows.length > 0 && (
        <FiguresTable
          caption={t('finance.tab.sales')}
          keyLabel={t(`finance.groupBy.${groupBy}`)}
          keyText={keyText}
          rows={report.data.rows}
          total={report.data.total}
          testId="sales-table"
        />
      )}
      <p className="text-sm text-slate-600">{t('finance.salesNote')}</p>
    </div>
  );
}

function VatPanel({ month, monthName }: { month: string; monthName: string }) {
  const { t } = useTranslation();
  const report = useVatReport(month);
  const serviceText = useKeyText('service');
  const dayKey = useKeyText('day');
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">{t('finance.vatIntro', { month: monthName })}</p>
        <DownloadButton label={t('finance.csv')} fetchFile={() => financeFiles.vat(month)} />
      </div>
      {report.isPending && <ListSkeleton label={t('finance.tab.vat')} rows={3} />}
      {report.isError && (
        <Failed onRetry={() => void report.refetch()} pending={report.isFetching} />
      )}
      {report.data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label={t('finance.col.gross')}
              value={formatCurrency(report.data.total.gross)}
            />
            <Figure label={t('finance.vatOnSales')} value={formatCurrency(report.data.total.vat)} />
            <Figure
              label={t('finance.vatOnRefunds')}
              value={formatCurrency(report.data.total.refundVat)}
            />
            <Figure
              label={t('finance.vatDue')}
              value={formatCurrency(report.data.total.netVat)}
              testId="vat-due"
            />
          </dl>
          {report.data.days.length === 0 ? (
            <EmptyState level={2} title={t('finance.noSales')} />
          ) : (
            <>
              <Section title={t('finance.byService')}>
                <FiguresTable
                  caption={t('finance.byService')}
                  keyLabel={t('finance.groupBy.service')}
                  keyText={serviceText}
                  rows={report.data.services}
                  total={report.data.total}
                  testId="vat-services"
                />
              </Section>
              <Section title={t('finance.byDay')}>
                <FiguresTable
                  caption={t('finance.byDay')}
                  keyLabel={t('finance.groupBy.day')}
                  keyText={dayKey}
                  rows={report.data.days}
                  total={report.data.total}
                  testId="vat-days"
                />
              </Section>
            </>
          )}
        </>
      )}
    </div>
  );
}

function LiabilityPanel() {
  const { t } = useTranslation();
  const report = useLiability();
  if (report.isPending) return <ListSkeleton label={t('finance.tab.liability')} rows={2} />;
  if (report.isError)
    return <Failed onRetry={() => void report.refetch()} pending={report.isFetching} />;
  const { byKind, total, asOf } = report.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{t('finance.liabilityIntro', { at: dateTimeText(asOf) })}</p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {byKind.map((kind) => (
          <Figure
            key={kind.kind}
            label={t(`finance.liability.${kind.kind}`)}
            value={formatCurrency(kind.total)}
          />
        ))}
        <Figure label={t('finance.total')} value={formatCurrency(total)} testId="liability-total" />
      </dl>
      <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{t('finance.tab.liability')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className={`${keyCell} font-medium text-slate-600`}>
                {t('finance.liability.kind')}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t('finance.liability.redeemed')}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {t('finance.liability.unredeemed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {byKind.map((kind) => (
              <tr key={kind.kind} className="border-t border-slate-100">
                <th scope="row" className={keyCell}>
                  {t(`finance.liability.${kind.kind}`)}
                </th>
                <td className={cell}>
                  {t('finance.liability.amountOf', {
                    amount: formatCurrency(kind.redeemed),
                    count: kind.redeemedCount,
                  })}
                </td>
                <td className={cell}>
                  {t('finance.liability.amountOf', {
                    amount: formatCurrency(kind.unredeemed),
                    count: kind.unredeemedCount,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">{t('finance.liabilityNote')}</p>
    </div>
  );
}

function PayoutRow({ payout }: { payout: AdminPayout }) {
  const { t } = useTranslation();
  const step = usePayoutStep();
  const act = (which: 'approve' | 'paid') =>
    step.mutate(
      { id: payout.id, step: which },
      {
        onSuccess: () =>
          showToast('success', t(which === 'approve' ? 'finance.approved' : 'finance.markedPaid')),
        onError: (error) => showToast('error', refusalOf(error) ?? t('finance.actionFailed')),
      },
    );
  const state =
    payout.state === 'paid'
      ? t('finance.payout.paid', { at: dateTimeText(payout.paidAt) })
      : payout.approvedAt
        ? t('finance.payout.approved', { at: dateTimeText(payout.approvedAt) })
        : t('finance.payout.scheduled');
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="payout"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold text-slate-900">{payout.ownerName}</span>
        <span className="text-sm text-slate-600">
          {payout.installationName} · {payout.ownerEmail}
        </span>
        <span className="text-sm text-slate-600">
          {t('finance.payout.energy', { kwh: formatDecimal(payout.energyWh / 1000, 1) })}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-col items-end">
          <span className="text-lg font-semibold tabular-nums">
            {formatCurrency(payout.amount)}
          </span>
          <span
            className={cn(
              'text-sm',
              payout.state === 'paid' ? 'text-emerald-800' : 'text-slate-600',
            )}
            data-testid="payout-state"
          >
            {state}
          </span>
        </div>
        {payout.state === 'scheduled' && (
          <Button
            block={false}
            variant={payout.approvedAt ? 'primary' : 'secondary'}
            pending={step.isPending}
            onClick={() => act(payout.approvedAt ? 'paid' : 'approve')}
          >
            {t(payout.approvedAt ? 'finance.markPaid' : 'finance.approve')}
          </Button>
        )}
      </div>
    </li>
  );
}

function PayoutsPanel({ month, monthName }: { month: string; monthName: string }) {
  const { t } = useTranslation();
  const list = usePayouts(month);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">{t('finance.payoutsIntro', { month: monthName })}</p>
        <DownloadButton label={t('finance.csv')} fetchFile={() => financeFiles.payouts(month)} />
      </div>
      {list.isPending && <ListSkeleton label={t('finance.tab.payouts')} rows={2} />}
      {list.isError && <Failed onRetry={() => void list.refetch()} pending={list.isFetching} />}
      {list.data?.items.length === 0 && <EmptyState level={2} title={t('finance.noPayouts')} />}
      {list.data && list.data.items.length > 0 && (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure label={t('finance.payoutsTotal')} value={formatCurrency(list.data.amount)} />
            <Figure label={t('finance.payoutsCount')} value={String(list.data.total)} />
          </dl>
          <ul className="flex flex-col gap-2">
            {list.data.items.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Tabs as a screen reader knows them: arrows move between them. */
function Tabs({
  current,
  onChange,
  idOf,
}: {
  current: Tab;
  onChange: (tab: Tab) => void;
  idOf: (tab: Tab) => string;
}) {
  const { t } = useTranslation();
  const move = (from: Tab, by: number) => {
    const next = tabs[(tabs.indexOf(from) + by + tabs.length) % tabs.length] ?? 'sales';
    onChange(next);
    document.getElementById(`${idOf(next)}-tab`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('section.finance')}
      className="flex flex-wrap gap-1 rounded-2xl bg-slate-100 p-1"
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`${idOf(tab)}-tab`}
          type="button"
          role="tab"
          aria-selected={current === tab}
          aria-controls={idOf(tab)}
          tabIndex={current === tab ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') move(tab, 1);
            if (e.key === 'ArrowLeft') move(tab, -1);
          }}
          className={cn(
            'min-h-11 flex-1 rounded-xl px-4 text-sm font-semibold whitespace-nowrap',
            current === tab
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-700 hover:bg-white/60',
          )}
        >
          {t(`finance.tab.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * Finance: the month's sales and VAT, a day's settlement against the card gateway, what gift
 * cards owe, and the owners' payouts.
 */
export function FinanceScreen() {
  const { t } = useTranslation();
  const [months] = useState(() => recentMonths(new Date(), 13));
  const [month, setMonth] = useState(months[0] ?? '');
  const [tab, setTab] = useState<Tab>('sales');
  const monthName = useMonthName();
  const base = useId();
  const idOf = (which: Tab) => `${base}-${which}`;
  const panels: Record<Tab, ReactNode> = {
    sales: <SalesPanel month={month} />,
    vat: <VatPanel month={month} monthName={monthName(month)} />,
    settlement: <SettlementPanel />,
    liability: <LiabilityPanel />,
    payouts: <PayoutsPanel month={month} monthName={monthName(month)} />,
  };
  return (
    <Page title={t('section.finance')} wide>
      <div className="flex flex-col gap-4 md:flex-row md:items-end">
        <div className="md:w-64">
          <Select
            label={t('finance.monthLabel')}
            value={month}
            disabled={tab === 'liability' || tab === 'settlement'}
            onChange={(e) => setMonth(e.target.value)}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex-1">
          <Tabs current={tab} onChange={setTab} idOf={idOf} />
        </div>
      </div>
      <div role="tabpanel" id={idOf(tab)} aria-labelledby={`${idOf(tab)}-tab`}>
        {panels[tab]}
      </div>
    </Page>
  );
}
