import type { InstallationCharge } from '@stod/domain';

/** Charges per page of an installation's list; the API allows up to 100. */
export const CHARGES_PAGE_SIZE = 10;

export interface ChargePage {
  items: readonly InstallationCharge[];
  total: number;
}

/** The offset of the next page (the charges loaded so far), or undefined once all are loaded. */
export function nextOffset(pages: readonly ChargePage[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 0;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  // An empty page ends the list too, so a total that shrank meanwhile never loops.
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}

/** The loaded pages as one list; a charge that moved down a page meanwhile is listed once. */
export function flattenPages(pages: readonly ChargePage[]): InstallationCharge[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.items.filter((charge) => !seen.has(charge.id) && Boolean(seen.add(charge.id))),
  );
}
