import type { Receipt } from '@stod/domain';

/** Receipts per page of the list; the API allows up to 100. */
export const RECEIPTS_PAGE_SIZE = 10;

export interface ReceiptPage {
  items: readonly Receipt[];
  total: number;
}

/** The offset of the next page (the items loaded so far), or undefined once all are loaded. */
export function nextReceiptsOffset(pages: readonly ReceiptPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 0;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  // An empty page ends the list too, so a total that shrank meanwhile never loops.
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}

/**
 * The loaded pages as one list. A receipt that arrives while the user pages moves the older
 * ones down one place, so the next page may repeat one already shown: it is listed once.
 */
export function flattenReceiptPages(pages: readonly ReceiptPage[]): Receipt[] {
  const seen = new Set<string>();
  const out: Receipt[] = [];
  for (const page of pages) {
    for (const receipt of page.items) {
      if (seen.has(receipt.id)) continue;
      seen.add(receipt.id);
      out.push(receipt);
    }
  }
  return out;
}

/** `kvittan-1a2b3c4d.pdf`: short, and the same on every platform. */
export function receiptFileName(id: string): string {
  return `kvittan-${id.slice(0, 8)}.pdf`;
}
