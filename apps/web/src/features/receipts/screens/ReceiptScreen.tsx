import type { Receipt } from '@stod/domain';
import { Download, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { isMissingReceipt, useReceipt } from '../api/get-receipt.ts';
import { ReceiptPaper } from '../components/ReceiptPaper.tsx';
import { ReceiptSkeleton } from '../components/ReceiptsSkeleton.tsx';
import { useReceiptDownload } from '../use-receipt-download.ts';

/** `/profile/receipts/{id}`: one receipt as the PDF shows it, and the PDF itself. */
export function ReceiptScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const query = useReceipt(id);

  if (query.isPending) {
    return (
      <Screen>
        <ReceiptSkeleton label={t('common.loading')} />
      </Screen>
    );
  }
  if (query.isError) {
    const missing = isMissingReceipt(query.error);
    return (
      <div
        className="flex flex-1 flex-col"
        data-testid={missing ? 'receipt-missing' : 'receipt-error'}
      >
        <ErrorState
          level={2}
          icon={<ReceiptText size={28} />}
          title={missing ? t('receipts.notFoundTitle') : t('receipts.loadOneFailed')}
          text={missing ? t('receipts.notFoundText') : undefined}
          action={
            <div className="flex flex-col gap-3">
              {!missing && (
                <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
              )}
              <ButtonLink to={paths.receipts} replace variant={missing ? 'primary' : 'secondary'}>
                {t('receipts.backToList')}
              </ButtonLink>
            </div>
          }
        />
      </div>
    );
  }
  return <ReceiptDetails receipt={query.data} />;
}

function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { download, pendingId } = useReceiptDownload();
  const downloading = pendingId === receipt.id;

  return (
    <Screen>
      <ReceiptPaper receipt={receipt} />
      <Button
        icon={<Download size={20} aria-hidden="true" />}
        pending={downloading}
        onClick={() => download(receipt.id)}
      >
        {downloading ? t('receipts.downloading') : t('receipts.download')}
      </Button>
    </Screen>
  );
}
