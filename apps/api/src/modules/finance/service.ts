import {
  kronerDecimal,
  sumSales,
  VAT_RATE_PERCENT,
  type SalesFigures,
  type SalesGrouping,
  type SalesReport,
  type SalesRow,
  type VatReport,
} from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import * as repo from './repo.ts';

function rowOf(line: repo.SalesLine): SalesRow {
  const gross = Number(line.gross);
  const vat = Number(line.vat);
  const voucher = Number(line.voucher);
  const refunds = Number(line.refunds);
  const refundVat = Number(line.refund_vat);
  return {
    // A receipt with no station (a subscription) counts under the empty name.
    key: line.key ?? '',
    sales: line.sales,
    gross,
    vat,
    voucher,
    card: gross - voucher,
    refundCount: line.refund_count,
    refunds,
    refundVat,
    net: gross - refunds,
    netVat: vat - refundVat,
  };
}

/** Sales from the first day to the last, both counted, by station, day, service or product. */
export async function salesReport(
  db: Db,
  query: { from: string; to: string; groupBy: SalesGrouping },
): Promise<SalesReport> {
  const rows = (await repo.salesBy(db, query.groupBy, query.from, query.to)).map(rowOf);
  return { ...query, vatRate: VAT_RATE_PERCENT, rows, total: sumSales(rows) };
}

/** The last day of a month, `YYYY-MM-DD`. */
function lastDayOf(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** One month's VAT: by day and by service, with what was given back apart. */
export async function vatReport(db: Db, month: string): Promise<VatReport> {
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const [days, services] = await Promise.all([
    repo.salesBy(db, 'day', from, to),
    repo.salesBy(db, 'service', from, to),
  ]);
  const dayRows = days.map(rowOf);
  return {
    month,
    vatRate: VAT_RATE_PERCENT,
    days: dayRows,
    services: services.map(rowOf),
    total: sumSales(dayRows),
  };
}

const figureColumns = [
  'sales',
  'gross_kr',
  'vat_kr',
  'voucher_kr',
  'card_kr',
  'refund_count',
  'refunds_kr',
  'refund_vat_kr',
  'net_kr',
  'net_vat_kr',
] as const;

const figureCells = (f: SalesFigures) => [
  String(f.sales),
  kronerDecimal(f.gross, '.'),
  kronerDecimal(f.vat, '.'),
  kronerDecimal(f.voucher, '.'),
  kronerDecimal(f.card, '.'),
  String(f.refundCount),
  kronerDecimal(f.refunds, '.'),
  kronerDecimal(f.refundVat, '.'),
  kronerDecimal(f.net, '.'),
  kronerDecimal(f.netVat, '.'),
];

/**
 * A report as CSV for a spreadsheet or the books: one line per group and a last line `total`;
 * amounts in kroner with a decimal point, VAT included unless the column is the VAT.
 */
export function reportCsv(keyColumn: string, rows: readonly SalesRow[], total: SalesFigures) {
  return toCsv(
    [keyColumn, ...figureColumns],
    [...rows.map((row) => [row.key, ...figureCells(row)]), ['total', ...figureCells(total)]],
  );
}
