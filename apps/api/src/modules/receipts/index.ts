export { createReceipt, getOne, list, pdf, receiptProjections, toReceipt } from './service.ts';
export type { NewReceipt } from './service.ts';
export { receiptPdfs } from './pdf-renderer.ts';
export { receiptStylePdf } from './pdf.ts';
export type { ReceiptPdfOptions, ReceiptPdfs, RenderedPdf } from './pdf-renderer.ts';
