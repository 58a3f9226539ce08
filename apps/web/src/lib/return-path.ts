import { paths, safeRedirect } from './paths.ts';

/**
 * Spec §3's `redirectPathName`: where a guest was going when the app sent them to sign in
 * (`/login?redirect=…`, the path with its query). Sign-in goes straight back there. A guest who
 * registers instead passes the payment steps first, so the path is kept for the session and
 * followed when registration ends: an invitation's link (`?invitation=…&token=…`) survives both.
 */
const KEY = 'redirectPathName';

/** Keeps a same-app path for the end of registration; home (or nothing) keeps nothing. */
export function keepReturnPath(path: string | null | undefined): void {
  const target = safeRedirect(path, paths.home);
  try {
    if (target === paths.home) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, target);
  } catch {
    // Storage refused (a private mode): registration ends at home, as it would anyway.
  }
}

/** Where registration ends: the kept path, else home. */
export function returnPathAfterRegistration(): string {
  try {
    return safeRedirect(window.sessionStorage.getItem(KEY), paths.home);
  } catch {
    return paths.home;
  }
}

/** The kept path is followed once. */
export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See keepReturnPath.
  }
}
