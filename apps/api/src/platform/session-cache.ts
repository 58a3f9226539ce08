import { LRUCache } from 'lru-cache';
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
 * At most `max` entries are kept (lru-cache), the least lately used going first. `ttlMs` 0 keeps
 * nothing. `now` replaces the monotonic clock in tests.
 */
export function sessionCache(
  bus: Bus,
  options: { ttlMs: number; max?: number; now?: () => number },
): SessionCache {
  const { ttlMs, max = 10_000, now } = options;
  const held = new LRUCache<string, HeldSession>({
    max,
    ttl: Math.max(0, ttlMs),
    // Every lookup reads the clock, so an entry is never served past its time.
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
  });
  let generation = 0;

  const forget: SessionCache['forget'] = ({ userId, sessionId, keep }) => {
    generation += 1;
    const gone: string[] = [];
    for (const [hash, session] of held.entries()) {
      const matches = sessionId
        ? session.sessionId === sessionId
        : session.userId === userId && session.sessionId !== keep;
      if (matches) gone.push(hash);
    }
    for (const hash of gone) held.delete(hash);
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
      const session = held.get(tokenHash);
      // lru-cache still serves an entry in the millisecond its time runs out; here it has gone.
      if (session === undefined || held.getRemainingTTL(tokenHash) > 0) return session;
      held.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, session, readSince) {
      if (ttlMs <= 0 || readSince !== generation) return;
      held.set(tokenHash, session);
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
