import { receiptLayout, type ReceiptLine } from '@stod/domain';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/index.ts';
import { useProviderName } from '../../../lib/company.ts';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useChargeReceipt } from '../api/get-receipt.ts';

function Lines({
  caption,
  lines,
  testId,
  strongFirst = false,
}: {
  caption: string;
  lines: readonly ReceiptLine[];
  testId: string;
  strongFirst?: boolean;
}) {
  return (
    <table className="w-full border-collapse text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {lines.map((line, i) => {
          const strong = strongFirst && i === 0;
          return (
            <tr key={`${String(i)}-${line.label}`} className={cn(strong && 'text-base font-bold')}>
              <th
                scope="row"
                className={cn(
                  'py-1 pr-4 text-left align-top',
                  strong ? 'font-bold' : 'font-normal',
                  line.depth > 0 && 'pl-4 text-slate-600',
                )}
              >
                {line.label}
              </th>
              <td className="py-1 text-right align-top whitespace-nowrap tabular-nums">
                {line.value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A completed charge's receipt (GET /api/receipts/{id}, product type Charge), laid out by the
 * domain's receipt layout as the receipts screen and the PDF are: the energy or minutes at their
 * price, the total time, the total with its VAT. The full receipt (and its PDF) is one tap on.
 */
export function ChargeReceipt({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const providerName = useProviderName();
  const receipt = useChargeReceipt(receiptId);

  if (receipt.isError && !receipt.data) {
    return (
      <RetryNotice
        testId="charge-receipt-error"
        text={t('charging.receiptFailed')}
        retryLabel={t('common.retry')}
        pending={receipt.isFetching}
        onRetry={() => void receipt.refetch()}
      />
    );
  }
  if (!receipt.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
        <Skeleton className="h-44 w-full rounded-2xl" />
      </div>
    );
  }
  const layout = receiptLayout(receipt.data, locale, providerName);
  return (
    <div className="flex flex-col gap-3">
      <article
        data-testid="charge-receipt"
        aria-labelledby="charge-receipt-title"
        className="flex flex-col gap-4 rounded-2xl bg-white px-5 pt-5 pb-4 text-slate-900 ring-1 ring-slate-200"
      >
        <header className="flex flex-col gap-0.5">
          <h3 id="charge-receipt-title" className="text-lg font-bold">
            {layout.pointOfSale}
          </h3>
          <p className="text-sm text-slate-700 tabular-nums">
            <time dateTime={receipt.data.createdAt}>{layout.date}</time>
          </p>
          <p className="text-xs break-all text-slate-600">
            {t('receipt.number', { id: layout.id })}
          </p>
        </header>
        <div className="border-t border-dashed border-slate-300 pt-3">
          <Lines
            caption={t('charging.receiptLines')}
            lines={layout.lines}
            testId="charge-receipt-lines"
          />
        </div>
        <div className="border-t border-dashed border-slate-300 pt-3">
          <Lines
            caption={t('charging.receiptTotals')}
            lines={layout.totals}
            strongFirst
            testId="charge-receipt-totals"
          />
        </div>
      </article>
      <ButtonLink
        to={paths.receipt(receiptId)}
        variant="secondary"
        data-testid="charge-receipt-link"
        icon={<ReceiptText size={20} aria-hidden="true" />}
      >
        {t('charging.openReceipt')}
      </ButtonLink>
    </div>
  );
}
