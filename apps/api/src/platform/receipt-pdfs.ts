import type { Locale, Receipt } from '@stod/domain';

/**
 * The receipt PDFs a service asks for, as a port of the context: the receipts module renders
 * them (off the event loop, cached), and the composition root hands the renderer to the context.
 */
export interface RenderedPdf {
  body: Buffer;
  etag: string;
}

export interface ReceiptPdfs {
  /** The receipt's PDF from the cache, or rendered off the event loop within the user's limit. */
  render(userId: string, receipt: Receipt, locale: Locale): Promise<RenderedPdf>;
  stats(): {
    renders: number;
    inFlight: number;
    waiting: number;
    cached: number;
    cacheBytes: number;
  };
  close(): Promise<void>;
}
