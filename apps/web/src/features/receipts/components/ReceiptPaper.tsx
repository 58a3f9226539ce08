import { receiptLayout, type Receipt, type ReceiptLine } from '@stod/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/index.ts';
import { cn } from '@stod/ui/cn.ts';
import { Logo } from '@stod/ui/Logo.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useCompany, useProviderName } from '../../../lib/company.ts';

const indent = ['', 'pl-4 text-slate-600', 'pl-8 text-slate-600', 'pl-12 text-slate-600'];

/** The torn lower edge of the paper: a row of small white teeth. */
const tornEdge: CSSProperties = {
  background:
    'conic-gradient(from -45deg at 50% 100%, #ffffff 90deg, transparent 0) 0 0 / 14px 100%',
};

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

/**
 * The receipt as a paper slip, drawn from the domain's receiptLayout like the PDF: the same
 * header, lines, totals and footer, in the app's language.
 */
export function ReceiptPaper({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const company = useCompany().data;
  const providerName = useProviderName();
  const layout = receiptLayout(receipt, locale, providerName);

  return (
    <div className="drop-shadow-md" data-testid="receipt-paper">
      <article
        aria-labelledby="receipt-brand"
        className="flex flex-col gap-5 rounded-t-2xl bg-white px-5 pt-6 pb-5 text-slate-900"
      >
        <header className="flex flex-col items-center gap-1 text-center">
          <Logo className="size-11" />
          <h2 id="receipt-brand" className="mt-2 text-xl font-bold">
            {providerName}
          </h2>
          {/* Without a station the provider is the point of sale: its name stands once. */}
          {layout.pointOfSale !== providerName && (
            <p className="text-base font-medium" data-testid="receipt-point-of-sale">
              {layout.pointOfSale}
            </p>
          )}
          <p className="text-sm text-slate-700 tabular-nums">
            <time dateTime={receipt.createdAt}>{layout.date}</time>
          </p>
          <p className="text-xs break-all text-slate-600">
            {t('receipts.number', { id: layout.id })}
          </p>
        </header>
        <div className="border-t border-dashed border-slate-300 pt-4">
          <Lines caption={t('receipts.linesCaption')} lines={layout.lines} testId="receipt-lines" />
        </div>
        <div className="border-t border-dashed border-slate-300 pt-4">
          <Lines
            caption={t('receipts.totalsCaption')}
            lines={layout.totals}
            strongFirst
            testId="receipt-totals"
          />
        </div>
        <footer className="flex flex-col gap-0.5 border-t border-dashed border-slate-300 pt-4 text-center text-xs text-slate-600">
          {company ? (
            <>
              <p className="font-medium">{company.legalName}</p>
              <address className="not-italic">
                {company.address} ·{' '}
                <a href={`tel:${company.phone.replace(/\s/g, '')}`} className="underline">
                  {company.phone}
                </a>{' '}
                ·{' '}
                <a href={`mailto:${company.email}`} className="underline">
                  {company.email}
                </a>
              </address>
              <p>{company.vatNumber}</p>
            </>
          ) : (
            <div className="flex flex-col items-center gap-1.5" aria-hidden="true">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-3 w-56" />
            </div>
          )}
        </footer>
      </article>
      <div aria-hidden="true" className="h-2.5" style={tornEdge} />
    </div>
  );
}
