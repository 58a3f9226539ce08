import type { ModuleDefinition } from '../../platform/modules.ts';
import { receiptRoutes } from './routes.ts';
import { receiptProjections } from './service.ts';
export { createReceipt, getOne, list, pdf, receiptProjections, toReceipt } from './service.ts';
export type { NewReceipt } from './service.ts';
export { receiptPdfs } from './pdf-renderer.ts';
/** The receipt's PDF layout, for other documents; pdfkit is loaded when one is first made. */
export const loadReceiptStylePdf = async () => (await import('./pdf.ts')).receiptStylePdf;
export type { ReceiptPdfOptions, ReceiptPdfs, RenderedPdf } from './pdf-renderer.ts';

export const receiptsModule: ModuleDefinition = {
  name: 'receipts',
  routes: [receiptRoutes],
  projections: receiptProjections,
};
