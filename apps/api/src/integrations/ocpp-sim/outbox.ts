import type { SimClock } from '../forecourt/sim-clock.ts';

/** A call the charger makes, built when it goes out so it can name what earlier answers gave. */
export interface OutboxEntry {
  method: string;
  /** The call's parameters, or null when there is nothing left to send. */
  params: () => Record<string, unknown> | null;
  /** Kept while the connection is down and sent once it is back (transactions, statuses). */
  keep: boolean;
  /** A status of this connector: a newer one replaces it while it waits. */
  statusOf?: number | string;
  onResult?: (result: unknown) => void;
  /** The backend answered with an error: the call is not sent again. */
  onRefused?: (error: unknown) => void;
}

/** How long a call that got no answer on a live connection waits before it goes again. */
const RETRY_MS = 10_000;

/** An RPC error is the backend's (or strict validation's) answer: sending it again changes nothing. */
export const isAnswer = (error: unknown) =>
  typeof error === 'object' && error !== null && 'rpcErrorCode' in error;

export interface OutboxOptions {
  clock: SimClock;
  call: (method: string, params: Record<string, unknown>) => Promise<unknown>;
  /** Connected and booted: the backend may be told. */
  canSend: () => boolean;
  warn: (context: Record<string, unknown>, message: string) => void;
}

/**
 * One charger's calls, one at a time and in order. While the connection is down the ones worth
 * keeping wait; a call cut off by a lost connection goes again first once it is back.
 */
export function outbox(o: OutboxOptions) {
  const entries: OutboxEntry[] = [];
  let inFlight: OutboxEntry | null = null;
  let scheduled = false;
  let retry: NodeJS.Timeout | null = null;

  function remove(entry: OutboxEntry) {
    const at = entries.indexOf(entry);
    if (at >= 0) entries.splice(at, 1);
  }

  async function pump() {
    scheduled = false;
    while (!inFlight && !retry && o.canSend()) {
      const entry = entries[0];
      if (!entry) return;
      const params = entry.params();
      if (!params) {
        remove(entry);
        continue;
      }
      inFlight = entry;
      try {
        const result = await o.call(entry.method, params);
        remove(entry);
        entry.onResult?.(result);
      } catch (error) {
        if (isAnswer(error)) {
          remove(entry);
          o.warn({ method: entry.method, err: error }, 'the backend refused a simulated call');
          entry.onRefused?.(error);
        } else if (o.canSend()) {
          // No answer on a live connection: try again in a while, in order.
          retry = o.clock.after(RETRY_MS, () => {
            retry = null;
            flush();
          });
          return;
        } else if (!entry.keep) remove(entry);
      } finally {
        inFlight = null;
      }
    }
  }

  /** Sends what waits, after the current turn: an answer to the backend's call goes out first. */
  function flush() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void pump());
  }

  return {
    push(entry: OutboxEntry) {
      if (!entry.keep && !o.canSend()) return;
      if (entry.statusOf !== undefined)
        for (const old of entries.filter((e) => e.statusOf === entry.statusOf && e !== inFlight))
          remove(old);
      entries.push(entry);
      flush();
    },
    flush,
    /** The connection is lost: what is not worth keeping goes. */
    dropTransient() {
      for (const entry of entries.filter((e) => !e.keep && e !== inFlight)) remove(entry);
    },
    get size() {
      return entries.length;
    },
  };
}
