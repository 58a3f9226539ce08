// Shell timings and version rules, kept apart from the schemas so the app's first paint
// can use them without zod.

/** Compares two x.y.z versions numerically: negative when a < b, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export const MAINTENANCE_POLL_MS = 5 * 60 * 1000;
export const TOAST_LIFETIME_MS = 5000;
export const MODAL_CLOSE_MS = 200;
export const UPDATE_POSTPONE_DAYS = 1;

/** The next day's date (YYYY-MM-DD, local) after which a postponed update check runs again. */
export function nextDayStamp(now: Date): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + UPDATE_POSTPONE_DAYS);
  const mm = String(next.getMonth() + 1).padStart(2, '0');
  const dd = String(next.getDate()).padStart(2, '0');
  return `${String(next.getFullYear())}-${mm}-${dd}`;
}

/** True when a postponement stamp written by nextDayStamp has not yet been reached. */
export function isPostponed(stamp: string | null | undefined, now: Date): boolean {
  if (!stamp || !/^\d{4}-\d{2}-\d{2}$/.test(stamp)) return false;
  const [y, m, d] = stamp.split('-').map(Number) as [number, number, number];
  return now.getTime() < new Date(y, m - 1, d).getTime();
}
