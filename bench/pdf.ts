// Receipt PDF rendering: each receipt type against a one-line pdfkit document, and the 50 ms budget;
// then a burst through the worker pool, with how long the event loop stalled meanwhile.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderReceiptPdf } from '../apps/api/src/modules/receipts/pdf.ts';
import { receiptPdfs } from '../apps/api/src/modules/receipts/pdf-renderer.ts';
import { toReceipt } from '../apps/api/src/modules/receipts/service.ts';
import { demoReceipts } from '../apps/api/src/seed/receipts.ts';
import PDFDocument from 'pdfkit';
import { vatOf } from '@stod/domain';
import { medianMs } from './figures.ts';

const RUNS = 30;
const brand = {
  name: 'Støð',
  legalName: 'Støð P/F',
  address: 'Havnarvegur 1, 100 Tórshavn',
  phone: '+298 30 00 00',
  email: 'hjalp@stod.example',
  vatNumber: 'V-tal 123456',
  termsUrl: 'http://127.0.0.1/api/legal/terms',
  purchaseTermsUrl: 'http://127.0.0.1/api/legal/purchase-terms',
  privacyUrl: 'http://127.0.0.1/api/legal/privacy',
};

function bare(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.text('Støð');
  doc.end();
  return done;
}

const median = (run: () => Promise<unknown>) => medianMs(RUNS, run);

await bare();
const baseline = await median(bare);
console.log(
  `PDF: baseline one-line pdfkit document ${baseline.toFixed(2)} ms (median of ${String(RUNS)})`,
);
const seen = new Set<string>();
for (const input of demoReceipts('00000000-0000-4000-8000-000000000000')) {
  if (seen.has(input.productType)) continue;
  seen.add(input.productType);
  const receipt = toReceipt({
    id: '11111111-1111-4111-8111-111111111111',
    userId: 'u',
    creditKey: null,
    paymentId: null,
    stationName: input.stationName,
    productType: input.productType,
    productDescription: input.productDescription,
    amount: input.amount,
    vatAmount: vatOf(input.amount),
    currency: 'DKK',
    quantity: input.quantity ?? null,
    unitPrice: input.unitPrice ?? null,
    data: input.data ?? {},
    createdAt: new Date(),
  });
  await renderReceiptPdf(receipt, 'fo', brand);
  const ms = await median(() => renderReceiptPdf(receipt, 'fo', brand));
  console.log(
    `PDF ${input.productType.padEnd(8)} ×${(ms / baseline).toFixed(2)} of baseline, ${ms.toFixed(2)} ms = ×${(ms / 50).toFixed(2)} of the 50 ms budget`,
  );
}

// The burst the pool exists for: renders that would otherwise hold the event loop for seconds.
const BURST = 60;
const WORKERS = 2;
const pool = receiptPdfs({
  workers: WORKERS,
  queueMax: BURST,
  perUser: BURST,
  cacheBytes: 0,
  brand,
});
const sample = toReceipt({
  id: '22222222-2222-4222-8222-222222222222',
  userId: 'u',
  creditKey: null,
  paymentId: null,
  stationName: 'Støð Miðvágur',
  productType: 'Carwash',
  productDescription: 'Gull',
  amount: 9900,
  vatAmount: vatOf(9900),
  currency: 'DKK',
  quantity: null,
  unitPrice: null,
  data: {},
  createdAt: new Date(),
});
await pool.render('warm-up', sample, 'fo');
const stalls = monitorEventLoopDelay({ resolution: 5 });
stalls.enable();
const burstStarted = performance.now();
await Promise.all(
  Array.from({ length: BURST }, (_, i) =>
    pool.render(`user-${String(i)}`, { ...sample, id: `burst-${String(i)}` }, 'fo'),
  ),
);
const burstMs = performance.now() - burstStarted;
stalls.disable();
await pool.close();
console.log(
  `PDF pool: ${String(BURST)} renders on ${String(WORKERS)} workers in ${burstMs.toFixed(0)} ms = ×${(burstMs / BURST / baseline).toFixed(2)} of baseline each; event loop max stall ${(stalls.max / 1e6).toFixed(1)} ms`,
);
