// Runs in a worker thread started by the receipt PDF pool; see pdf-renderer.ts.
import type { Locale, Receipt } from '@stod/domain';
import { serveWorker } from '../../platform/worker-pool.ts';
import { renderReceiptPdf, type Brand } from './pdf.ts';

export interface PdfJob {
  receipt: Receipt;
  locale: Locale;
  brand: Brand;
}

serveWorker(({ receipt, locale, brand }: PdfJob): Promise<Uint8Array> =>
  renderReceiptPdf(receipt, locale, brand),
);
