/**
 * Web push, the contract with the API's push sender: the payload is JSON
 * `{ title, body, url, tag?, kind? }`. Pure, so it is tested without a worker.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap on the notification leads, on this origin. */
  url: string;
  /** A later message with the same tag replaces the shown one. */
  tag?: string;
  kind?: string;
}

function parseJson(data: string | null): unknown {
  if (data === null) return null;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Reads a push's data. A push must always show a notification (the browser shows its own
 * "updated in the background" otherwise), so a payload that is not the contract still gives one,
 * with the app's name and the start page.
 */
export function parsePushMessage(data: string | null, fallbackTitle: string): PushMessage {
  const raw = parseJson(data);
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const tag = text(fields.tag);
  const kind = text(fields.kind);
  return {
    title: text(fields.title) ?? fallbackTitle,
    body: typeof fields.body === 'string' ? fields.body : '',
    url: text(fields.url) ?? '/',
    ...(tag ? { tag } : {}),
    ...(kind ? { kind } : {}),
  };
}

/**
 * The page a tap opens: the message's URL when it is on this origin (a path or a full URL),
 * otherwise the app's start page. A notification never sends the user to another site.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const start = `${origin}/`;
  if (typeof url !== 'string' || url === '') return start;
  try {
    const target = new URL(url, start);
    return target.origin === origin ? target.href : start;
  } catch {
    return start;
  }
}

interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/** The open app window to reuse for a tap: the focused one, else a visible one, else any. */
export function pickWindow<T extends WindowLike>(windows: readonly T[], origin: string): T | null {
  const own = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return (
    own.find((w) => w.focused) ?? own.find((w) => w.visibilityState === 'visible') ?? own[0] ?? null
  );
}
