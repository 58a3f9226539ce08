import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ReceiptSlip } from '../../../lib/receipt-slip.tsx';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useChargeReceipt } from '../api/get-receipt.ts';

/**
 * A completed charge's receipt (GET /api/receipts/{id}, product type Charge), laid out by the
 * domain's receipt layout as the receipts screen and the PDF are: the energy or minutes at their
 * price, the total time, the total with its VAT. The full receipt (and its PDF) is one tap on.
 */
export function ChargeReceipt({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
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
  return (
    <div className="flex flex-col gap-3">
      <ReceiptSlip
        summary
        receipt={receipt.data}
        captions={{ lines: t('charging.receiptLines'), totals: t('charging.receiptTotals') }}
        testId="charge-receipt"
      />
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
