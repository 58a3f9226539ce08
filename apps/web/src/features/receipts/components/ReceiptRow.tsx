import { formatCurrency, receiptLayout, type Receipt } from '@stod/domain';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useProviderName } from '../../../lib/company.ts';
import { receiptProductLine } from '../summary.ts';
import { ReceiptTypeIcon, receiptTypeLabel } from './ReceiptTypeIcon.tsx';

interface Props {
  receipt: Receipt;
  onDownload: (id: string) => void;
  downloading: boolean;
  busy: boolean;
}

/** One receipt in the list: tap for the receipt itself, the arrow for its PDF. */
export function ReceiptRow({ receipt, onDownload, downloading, busy }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const layout = receiptLayout(receipt, locale, useProviderName());
  const product = receiptProductLine(receipt, t(receiptTypeLabel(receipt.productType)), locale);

  return (
    <li
      className="flex items-center gap-1 pr-1"
      data-testid="receipt-row"
      data-type={receipt.productType}
    >
      <Link
        to={paths.receipt(receipt.id)}
        className="flex min-h-14 min-w-0 flex-1 items-center gap-3 py-3 pl-4 transition-colors hover:bg-slate-50 active:bg-slate-100 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-strong"
        >
          <ReceiptTypeIcon type={receipt.productType} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline gap-3">
            {/* The whole name, over two lines if need be: cut off, stations look alike. */}
            <span
              className="min-w-0 flex-1 text-base font-medium break-words text-slate-900"
              data-testid="receipt-row-point-of-sale"
            >
              {layout.pointOfSale}
            </span>
            <span className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">
              {formatCurrency(receipt.amount)}
            </span>
          </span>
          <span className="truncate text-sm text-slate-600">{product}</span>
          <time
            dateTime={receipt.createdAt}
            className="truncate text-sm text-slate-600 tabular-nums"
          >
            {layout.date}
          </time>
        </span>
      </Link>
      <button
        type="button"
        onClick={() => onDownload(receipt.id)}
        disabled={busy}
        aria-busy={downloading || undefined}
        aria-label={t('receipts.downloadLabel', {
          receipt: `${layout.pointOfSale}, ${layout.date}`,
        })}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-brand-strong transition-colors hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:opacity-60"
      >
        <Download size={20} aria-hidden="true" className={downloading ? 'animate-pulse' : ''} />
      </button>
    </li>
  );
}
