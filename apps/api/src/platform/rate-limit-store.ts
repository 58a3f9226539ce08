import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The API's rate limit across processes, without a Redis round trip per request
 * (decision 0065). Redis holds each address's count for the window, as before; a process does
 * not add one request at a time but takes a lease of several at once (INCRBY), hands them out
 * locally, and asks again when they are spent. A lease is at most an eighth of what is left of
 * the limit and at most 64, so a small limit (a test's six) is counted one by one, exactly, and
 * a busy address on a limit of 1,200 costs one round trip per 64 requests.
 *
 * The limit is never exceeded: a lease is granted only within it. A process may refuse a little
 * early, while another holds an unspent lease for the same address (at most an eighth of what
 * was left when it was taken). Once Redis has counted the whole limit, the process refuses
 * locally until the window ends. Requests that arrive while a lease is being asked for wait for
 * it rather than ask again.
 */

/** A lease is at most this share of what is left of the limit… */
const SHARE = 8;
/** …and at most this many requests. */
const MAX_LEASE = 64;
/** Windows that ended are forgotten every this many requests. */
const SWEEP_EVERY = 1024;

const LEASE = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}
`;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface Window {
  /** When the window ends, on this process's clock. */
  endsAt: number;
  /** Redis's count after this process's last lease. */
  total: number;
  /** Requests of that lease not yet handed out. */
  left: number;
}

interface Waiting {
  callbacks: Callback[];
}

interface LeaseRedis {
  stodLimitLease(key: string, size: number, windowMs: number): Promise<[number, number]>;
}

/** The lease size when `known` of `max` are counted: an eighth of what is left, 1 to 64. */
export function leaseSize(known: number, max: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor((max - known) / SHARE)));
}

class LeasedStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly waiting = new Map<string, Waiting>();
  private sinceSweep = 0;
  private readonly redis: Redis & LeaseRedis;
  private readonly prefix: string;

  constructor(redis: Redis & LeaseRedis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if ((this.sinceSweep += 1) >= SWEEP_EVERY) this.sweep();
    const pending = this.waiting.get(key);
    if (pending) {
      pending.callbacks.push(callback);
      return;
    }
    const now = Date.now();
    let window = this.windows.get(key);
    if (window && window.endsAt <= now) {
      this.windows.delete(key);
      window = undefined;
    }
    if (window && window.left > 0) {
      window.left -= 1;
      callback(null, { current: window.total - window.left, ttl: window.endsAt - now });
      return;
    }
    if (window && window.total >= max) {
      // Every request of the window is counted, here or elsewhere: refused until it ends.
      callback(null, { current: max + 1, ttl: window.endsAt - now });
      return;
    }
    this.lease(key, [callback], timeWindow, max, window?.total ?? 0);
  }

  private lease(
    key: string,
    callbacks: Callback[],
    timeWindow: number,
    max: number,
    known: number,
  ) {
    const size = leaseSize(known, max);
    const waiting: Waiting = { callbacks };
    this.waiting.set(key, waiting);
    this.redis.stodLimitLease(this.prefix + key, size, timeWindow).then(
      ([total, ttl]) => {
        this.waiting.delete(key);
        const now = Date.now();
        const granted = Math.max(0, Math.min(size, max - (total - size)));
        this.windows.set(key, { endsAt: now + ttl, total, left: granted });
        // Those that waited are answered in order; any the lease did not cover ask again.
        for (const next of waiting.callbacks) this.incr(key, next, timeWindow, max);
      },
      (error: unknown) => {
        this.waiting.delete(key);
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const next of waiting.callbacks) next(failure);
      },
    );
  }

  private sweep() {
    this.sinceSweep = 0;
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  /** A route with a limit of its own counts apart, under its method and address. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options, the route itself as `routeInfo`.
    const route = (options as unknown as { routeInfo?: { method?: string; url?: string } })
      .routeInfo;
    return new LeasedStore(this.redis, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
  }
}

/** The store for @fastify/rate-limit's `store` option, counting in Redis under `prefix`. */
export function leasedRateLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const leasing = redis as Redis & LeaseRedis;
  if (!(leasing as Partial<LeaseRedis>).stodLimitLease)
    redis.defineCommand('stodLimitLease', { numberOfKeys: 1, lua: LEASE });
  // The plugin makes the store itself (`new Store(options)`); this one already knows its Redis.
  return class extends LeasedStore {
    constructor() {
      super(leasing, prefix);
    }
  };
}
