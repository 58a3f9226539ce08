import { PRODUCT_SLUG } from '../../config.ts';

/**
 * The card session the user left the app for. The hosted page only sends the browser back on
 * success; this remembers the session so that a user who comes back another way (the browser's
 * back button, a closed in-app browser) hears why the card was not saved.
 */
const KEY = `${PRODUCT_SLUG}_card_session`;

interface PendingSession {
  id: string;
  returnPath: string;
}

/** The session id stored for `returnPath`, or null (another screen's, missing or garbled). */
export function parsePendingSession(raw: string | null, returnPath: string): string | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSession> | null;
    return typeof value?.id === 'string' && value.returnPath === returnPath ? value.id : null;
  } catch {
    return null;
  }
}

export function savePendingSession(session: PendingSession): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage blocked: the return URL still carries the session on success.
  }
}

export function readPendingSession(returnPath: string): string | null {
  try {
    return parsePendingSession(window.sessionStorage.getItem(KEY), returnPath);
  } catch {
    return null;
  }
}

export function clearPendingSession(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See savePendingSession.
  }
}
