import { apiDownload } from '../../../lib/api-client.ts';

/**
 * GET /api/installations/{id}/earnings/statement?month=YYYY-MM: the owner's statement of the
 * month as PDF, in the app's language (Accept-Language).
 */
export function downloadStatementPdf(id: string, month: string, signal?: AbortSignal) {
  return apiDownload(
    `/installations/${encodeURIComponent(id)}/earnings/statement?${new URLSearchParams({ month }).toString()}`,
    { accept: 'application/pdf', ...(signal ? { signal } : {}) },
  );
}
