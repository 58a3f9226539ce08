import {
  formatCurrency,
  formatDate,
  monthOf,
  nextMonth,
  previousMonth,
  type Earnings,
} from '@stod/domain';
import { ArrowLeft, ArrowRight, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { DetailList } from '@stod/ui/DetailList.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useEarnings } from '../api/get-earnings.ts';
import { formatKwhOfWh, monthParts } from '../format.ts';
import { useStatementDownload } from '../use-statement-download.ts';

const iconButton =
  'flex size-11 items-center justify-center rounded-full text-brand-strong ring-1 ring-slate-300 ring-inset ' +
  'hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The owner's earnings of one month (this one first): public charging at 0.20 kr. a kWh, what
 * shared users paid, the charges and the payouts, with the month's statement as PDF.
 */
export function EarningsSection({ installationId }: { installationId: string }) {
  const { t } = useTranslation();
  const thisMonth = monthOf(new Date());
  const [month, setMonth] = useState(thisMonth);
  const earnings = useEarnings(installationId, month);
  const statement = useStatementDownload(installationId);
  const monthName = (value: string) => {
    const { year, key } = monthParts(value);
    return t('installations.monthLabel', { month: t(key), year });
  };
  const label = monthName(month);

  return (
    <Section title={t('installations.earnings')} testId="earnings">
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-white p-2 ring-1 ring-slate-200">
        <button
          type="button"
          className={iconButton}
          aria-label={t('installations.prevMonth')}
          onClick={() => setMonth(previousMonth(month))}
        >
          <ArrowLeft size={20} aria-hidden="true" />
        </button>
        <p
          className="text-base font-semibold text-slate-900 first-letter:uppercase"
          aria-live="polite"
          data-testid="earnings-month"
        >
          {label}
        </p>
        <button
          type="button"
          className={iconButton}
          aria-label={t('installations.nextMonth')}
          disabled={month >= thisMonth}
          onClick={() => setMonth(nextMonth(month))}
        >
          <ArrowRight size={20} aria-hidden="true" />
        </button>
      </div>
      {earnings.isError && !earnings.data ? (
        <RetryNotice
          text={t('installations.earningsFailed')}
          retryLabel={t('common.retry')}
          pending={earnings.isFetching}
          onRetry={() => void earnings.refetch()}
          testId="earnings-error"
        />
      ) : !earnings.data ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-60 w-full rounded-2xl" />
        </div>
      ) : (
        <EarningsFigures earnings={earnings.data} monthName={monthName} />
      )}
      <Button
        variant="secondary"
        icon={<FileDown size={20} aria-hidden="true" />}
        pending={statement.pending}
        onClick={() => statement.download(month)}
        data-testid="statement-download"
      >
        {t('installations.download')}
      </Button>
    </Section>
  );
}

function EarningsFigures({
  earnings,
  monthName,
}: {
  earnings: Earnings;
  monthName: (month: string) => string;
}) {
  const { t } = useTranslation();
  const kwh = (wh: number) => t('installations.kwh', { kwh: formatKwhOfWh(wh) });
  return (
    <>
      <DetailList
        testId="earnings-figures"
        details={[
          {
            label: t('installations.publicEnergy'),
            value: kwh(earnings.publicEnergyWh),
            testId: 'earnings-public-energy',
          },
          {
            label: t('installations.publicCredit'),
            value: formatCurrency(earnings.publicCredit),
            testId: 'earnings-public-credit',
          },
          {
            label: t('installations.sharedEnergy'),
            value: kwh(earnings.sharedEnergyWh),
            testId: 'earnings-shared-energy',
          },
          {
            label: t('installations.sharedCredit'),
            value: formatCurrency(earnings.sharedCredit),
            testId: 'earnings-shared-credit',
          },
          {
            label: t('installations.chargesCount'),
            value: String(earnings.charges),
            testId: 'earnings-charges',
          },
          {
            label: t('installations.total'),
            value: formatCurrency(earnings.total),
            strong: true,
            testId: 'earnings-total',
          },
        ]}
      />
      {earnings.payouts.length > 0 && (
        <h3 className="px-1 text-sm font-semibold text-slate-700">{t('installations.payouts')}</h3>
      )}
      {earnings.payouts.length > 0 && (
        <DetailList
          testId="earnings-payouts"
          details={earnings.payouts.map((payout) => ({
            label:
              payout.state === 'paid' && payout.paidAt
                ? t('installations.payout.paid', {
                    month: monthName(payout.month),
                    date: formatDate(payout.paidAt),
                  })
                : t('installations.payout.scheduled', { month: monthName(payout.month) }),
            value: formatCurrency(payout.amount),
          }))}
        />
      )}
    </>
  );
}
