import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { receiptLayout, translate, type Company, type Locale, type Receipt } from '@stod/domain';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from '../../lib/woff.ts';

const require = createRequire(import.meta.url);

/**
 * Inter carries every Faroese letter (á í ó ú ý æ ø ð); each PDF embeds the subset
 * it uses. The WOFF files are unpacked once per process, because fontkit would
 * otherwise inflate their tables again on every read.
 */
let fonts: { body: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  const open = (file: string) =>
    woffToSfnt(readFileSync(require.resolve(`@fontsource/inter/files/${file}`)));
  fonts ??= {
    body: open('inter-latin-400-normal.woff'),
    bold: open('inter-latin-700-normal.woff'),
  };
  return fonts;
}

export type Brand = Company;

/**
 * An A5 document in the receipt style, with Inter embedded: `row` sets a label left and its
 * value right, `footer` the brand's legal lines, and `done` resolves to the PDF once ended.
 */
export function receiptStylePdf(title: string, brand: Brand) {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: title, Author: brand.legalName },
    compress: true,
  });
  const { body, bold } = loadFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 72;
  const row = (label: string, value: string, indent = 0, font = 'body') => {
    const y = doc.y;
    doc.font(font).fontSize(10);
    doc.text(label, 36 + indent * 14, y, { width: width * 0.7 - indent * 14 });
    const afterLabel = doc.y;
    doc.text(value, 36, y, { width, align: 'right' });
    doc.y = Math.max(afterLabel, doc.y);
  };
  const rule = () => {
    doc.moveDown(0.5);
    doc
      .moveTo(36, doc.y)
      .lineTo(36 + width, doc.y)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.5);
  };
  const footer = () => {
    doc.moveDown(2);
    doc.font('body').fontSize(8).fillColor('#555555');
    doc.text(brand.legalName, { width, align: 'center' });
    doc.text(`${brand.address} · ${brand.phone} · ${brand.email}`, { width, align: 'center' });
    doc.text(brand.vatNumber, { width, align: 'center' });
    doc.end();
    return done;
  };
  return { doc, row, rule, footer };
}

/** Renders a receipt as a small, searchable A5 PDF. */
export function renderReceiptPdf(receipt: Receipt, locale: Locale, brand: Brand): Promise<Buffer> {
  const layout = receiptLayout(receipt, locale, brand.name);
  const { doc, row, rule, footer } = receiptStylePdf(`${brand.name} ${receipt.id}`, brand);

  doc.font('bold').fontSize(16).text(brand.name);
  doc.moveDown(0.5);
  doc.font('body').fontSize(10).fillColor('#333333');
  // Without a station, the point of sale is the provider itself, already the heading.
  if (layout.pointOfSale !== brand.name) doc.text(layout.pointOfSale);
  doc.text(layout.date);
  doc.text(translate('receipt.number', locale, { id: layout.id }));
  doc.moveDown();
  doc.fillColor('#000000');
  for (const line of layout.lines) row(line.label, line.value, line.depth);
  rule();
  layout.totals.forEach((line, i) => row(line.label, line.value, 0, i === 0 ? 'bold' : 'body'));
  return footer();
}
