import { receiptLayout, type Receipt, type ReceiptLine } from '@stod/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { Logo } from '@stod/ui/Logo.tsx';
import { useLocale } from '../i18n/index.ts';
import { useProviderName } from './company.ts';

const indent = ['', 'pl-4 text-slate-600', 'pl-8 text-slate-600', 'pl-12 text-slate-600'];

function Lines({
  caption,
  lines,
  strongFirst = false,
  testId,
}: {
  caption: string;
  lines: readonly ReceiptLine[];
  strongFirst?: boolean;
  testId: string;
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
                  indent[Math.min(line.depth, indent.length - 1)],
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

interface ReceiptSlipProps {
  receipt: Receipt;
  /** The captions of the items and of the totals, in the feature's words. */
  captions: { lines: string; totals: string };
  /** The tables are `${testId}-lines` and `${testId}-totals`. */
  testId: string;
  /**
   * The full slip (the receipts screen) is headed by the brand; a summary (under a finished
   * charge) by the point of sale, tighter and framed as a card, and names the article by testId.
   */
  summary?: boolean;
  footer?: ReactNode;
}

/**
 * A receipt drawn from the domain's receiptLayout like the PDF: the header, the lines, the totals
 * and an optional footer, in the app's language. Each feature frames it and names its parts.
 */
export function ReceiptSlip({
  receipt,
  captions,
  testId,
  summary = false,
  footer,
}: ReceiptSlipProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const providerName = useProviderName();
  const titleId = useId();
  const layout = receiptLayout(receipt, locale, providerName);
  const section = cn('border-t border-dashed border-slate-300', summary ? 'pt-3' : 'pt-4');

  return (
    <article
      aria-labelledby={titleId}
      data-testid={summary ? testId : undefined}
      className={cn(
        'flex flex-col bg-white px-5 text-slate-900',
        summary
          ? 'gap-4 rounded-2xl pt-5 pb-4 ring-1 ring-slate-200'
          : 'gap-5 rounded-t-2xl pt-6 pb-5',
      )}
    >
      <header
        className={cn('flex flex-col', summary ? 'gap-0.5' : 'items-center gap-1 text-center')}
      >
        {summary ? (
          <h3 id={titleId} className="text-lg font-bold">
            {layout.pointOfSale}
          </h3>
        ) : (
          <>
            <Logo className="size-11" />
            <h2 id={titleId} className="mt-2 text-xl font-bold">
              {providerName}
            </h2>
            {/* Without a station the provider is the point of sale: its name stands once. */}
            {layout.pointOfSale !== providerName && (
              <p className="text-base font-medium" data-testid="receipt-point-of-sale">
                {layout.pointOfSale}
              </p>
            )}
          </>
        )}
        <p className="text-sm text-slate-700 tabular-nums">
          <time dateTime={receipt.createdAt}>{layout.date}</time>
        </p>
        <p className="text-xs break-all text-slate-600">{t('receipt.number', { id: layout.id })}</p>
      </header>
      <div className={section}>
        <Lines caption={captions.lines} lines={layout.lines} testId={`${testId}-lines`} />
      </div>
      <div className={section}>
        <Lines
          caption={captions.totals}
          lines={layout.totals}
          strongFirst
          testId={`${testId}-totals`}
        />
      </div>
      {footer}
    </article>
  );
}
