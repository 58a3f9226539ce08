import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../lib/api-client.ts';
import { saveOrShareFile } from '../../platform/files.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { downloadStatementPdf } from './api/download-statement.ts';

/** `inntokur-2026-03.pdf`, as the API names it too. */
export const statementFileName = (month: string) => `inntokur-${month}.pdf`;

/**
 * Fetches a month's earnings statement and hands it to the owner as receipts are: a download in
 * the browser, the share sheet on a phone. Any failure says so in a toast.
 */
export function useStatementDownload(installationId: string) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: async (month: string) => {
      const data = await unwrap(downloadStatementPdf(installationId, month));
      const file = { name: statementFileName(month), type: 'application/pdf', data };
      await saveOrShareFile(file, t('installations.statementTitle'));
    },
    onError: () => showToast('error', t('installations.downloadFailed')),
  });
  return { download: (month: string) => mutation.mutate(month), pending: mutation.isPending };
}
