import { apiDownload } from '../../../lib/api-client.ts';

/** GET /api/receipts/{id}/pdf: the receipt as PDF, in the app's language (Accept-Language). */
export function downloadReceiptPdf(id: string, signal?: AbortSignal) {
  return apiDownload(`/receipts/${encodeURIComponent(id)}/pdf`, {
    accept: 'application/pdf',
    ...(signal ? { signal } : {}),
  });
}
