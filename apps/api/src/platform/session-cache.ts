import type { StaffRole } from '../db/schema/users.ts';
import type { Bus } from './bus.ts';

/** A live session as the cache keeps it: times in epoch milliseconds. */
export interface HeldSession {
  userId: string;
  sessionId: string;
  role: StaffRole | null;
  createdAt: number;
  lastUsedAt: number;
}

interface Entry {
  session: HeldSession;
  until: number;
}

export interface SessionCache {
  /** The session of a token hash read within the time the cache keeps it, or undefined. */
  get(tokenHash: string): HeldSession | undefined;
  /**
   * Keeps a session read from the database. `readSince` is `mark()` taken before the read: a
   * revocation heard since then may not be in the read, so such a read is not kept.
   */
  set(tokenHash: string, session: HeldSession, readSince: number): void;
  /** A stamp to hand to `set` for a read about to start. */
  mark(): number;
  /** Forgets one session, or every session of a user but `keep`. */
  forget(target: { userId: string; sessionId?: string | null; keep?: string | null }): void;
  clear(): void;
  /** Stops listening to the bus. */
  close(): void;
}

/**
 * The sessions this process has lately seen, so a signed-in request does not read its session
 * from the database each time. An entry lives `ttlMs` at most, then the database is asked
 * again; a session that ends (sign-out, password change or reset, deletion) or a role that
 * changes is announced on the bus, which every process hears, and the entry goes at once.
 * `ttlMs` bounds how long a process that missed such an event could still accept the session.
 * At most `max` entries are kept, the oldest going first. `ttlMs` 0 keeps nothing.
 */
export function sessionCache(
  bus: Bus,
  options: { ttlMs: number; max?: number; now?: () => number },
): SessionCache {
  const { ttlMs, max = 10_000, now = Date.now } = options;
  const held = new Map<string, Entry>();
  let generation = 0;

  const forget: SessionCache['forget'] = ({ userId, sessionId, keep }) => {
    generation += 1;
    for (const [hash, { session }] of held) {
      const matches = sessionId
        ? session.sessionId === sessionId
        : session.userId === userId && session.sessionId !== keep;
      if (matches) held.delete(hash);
    }
  };
  const stops = [
    bus.subscribe('session.revoked', (event) => {
      forget(event);
    }),
    bus.subscribe('user.roleChanged', ({ userId }) => {
      forget({ userId });
    }),
  ];

  return {
    get(tokenHash) {
      const entry = held.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.session;
      held.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, session, readSince) {
      if (ttlMs <= 0 || readSince !== generation) return;
      held.delete(tokenHash);
      held.set(tokenHash, { session, until: now() + ttlMs });
      if (held.size > max) {
        const oldest = held.keys().next().value;
        if (oldest !== undefined) held.delete(oldest);
      }
    },
    mark: () => generation,
    forget,
    clear() {
      generation += 1;
      held.clear();
    },
    close() {
      for (const stop of stops) stop();
      held.clear();
    },
  };
}
