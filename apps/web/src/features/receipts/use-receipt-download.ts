import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../lib/api-client.ts';
import { saveOrShareFile } from '../../platform/files.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { downloadReceiptPdf } from './api/download-receipt.ts';
import { receiptFileName } from './paging.ts';

/**
 * Fetches a receipt's PDF and hands it to the user: a download in the browser, the share sheet
 * on a phone. Any failure, the fetch's or the hand-over's, shows the spec §8 toast.
 */
export function useReceiptDownload() {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: async (id: string) => {
      const data = await unwrap(downloadReceiptPdf(id));
      const file = { name: receiptFileName(id), type: 'application/pdf', data };
      await saveOrShareFile(file, t('receipts.shareTitle'));
    },
    onError: () => showToast('error', t('receipts.downloadFailed')),
  });
  return {
    download: (id: string) => mutation.mutate(id),
    /** The receipt whose PDF is on its way, if any. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
