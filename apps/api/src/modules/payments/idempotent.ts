import { randomUUID } from 'node:crypto';
import { AppError, type RefusalKey } from '../../lib/errors.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { Db } from '../../db/client.ts';
import * as records from './idempotency-repo.ts';

/**
 * The one pattern for a request that moves money (decision 0012):
 *
 *   claim    one transaction: the idempotency record is inserted (or found) under a
 *            fingerprint of the request, and `reserve` takes the row locks and makes the
 *            reservations ("one active X per user" rows under their unique constraints);
 *   act      the keyed, retry-safe steps outside the database: the gateway's hold and capture,
 *            the voucher balance draw (each keyed by `claim.paymentKey`);
 *   finish   one transaction: the effect and the stored result, only while the claim is ours.
 *
 * A repeat of the key answers the stored result, whatever the timing: while the first request
 * works it waits a little, then answers 409 in progress. A refusal (an AppError below 500) is
 * stored too, and `release` gives back the reservation in the same transaction. A request that
 * dies leaves its claim to lapse: a retry after `LEASE_MS` resumes it (every step is keyed), and
 * the reconciliation undoes whatever nobody resumed (see `seizeStale` and `abandon`). A request
 * that lives renews its claim every third of the lease while it acts, so a short lease costs a
 * slow gateway nothing and a crash costs the customer's retry seconds, not half a minute.
 */

export const LEASE_MS = 9_000;
const WAIT_FOR_OTHER_MS = 5_000;
const POLL_MS = 100;

export interface Claim {
  userId: string;
  scope: string;
  key: string;
  owner: string;
  /** The idempotency key of the payment this effect makes: one per effect. */
  paymentKey: string;
}

export interface EffectSteps<A, T> {
  /** Row locks and reservations, in the claim's transaction; must accept its own earlier claim. */
  reserve?: (tx: Db, claim: Claim) => Promise<void>;
  act: (claim: Claim) => Promise<A>;
  finish: (tx: Db, claim: Claim, acted: A) => Promise<T>;
  /** Gives back the reservation of a refused or abandoned request. */
  release?: (tx: Db, claim: Claim) => Promise<void>;
}

export interface EffectRequest {
  userId: string;
  scope: string;
  key: string;
  /** What the request asked for: a repeat of the key with something else is refused. */
  request: unknown;
}

interface StoredError {
  statusCode: number;
  code: string;
  messageKey: RefusalKey;
  detail?: AppError['detail'];
  fieldErrors?: Record<string, RefusalKey>;
}

const releases = new Map<string, NonNullable<EffectSteps<unknown, unknown>['release']>>();

/** Tells the reconciliation how to give back a scope's reservation when nobody resumes it. */
export function registerRelease(scope: string, release: (tx: Db, claim: Claim) => Promise<void>) {
  releases.set(scope, release);
}

export const paymentKeyOf = (scope: string, key: string) => `${scope}:${key}`;

const fingerprintOf = (request: unknown) => sha256(JSON.stringify(request ?? null));

const inProgress = () => new AppError(409, 'PAYMENT_IN_PROGRESS', 'error.paymentInProgress');

function replay(row: records.RecordRow): unknown {
  if (row.status === 'failed') {
    const e = row.result as StoredError;
    throw new AppError(e.statusCode, e.code, e.messageKey, e.fieldErrors, undefined, e.detail);
  }
  return row.result;
}

const toStored = (error: AppError): StoredError => ({
  statusCode: error.statusCode,
  code: error.code,
  messageKey: error.messageKey,
  ...(error.detail ? { detail: error.detail } : {}),
  ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
});

/** A refusal is final for its key; anything else (no answer, a crash, a race) may be retried. */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode < 500 && error.code !== 'PAYMENT_IN_PROGRESS';

type Claimed =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'answered'; row: records.RecordRow }
  | { kind: 'busy' };

async function claimOnce<A, T>(
  db: Db,
  req: EffectRequest,
  fingerprint: string,
  steps: EffectSteps<A, T>,
): Promise<Claimed> {
  const owner = randomUUID();
  const claim: Claim = {
    userId: req.userId,
    scope: req.scope,
    key: req.key,
    owner,
    paymentKey: paymentKeyOf(req.scope, req.key),
  };
  const refusal = await db.transaction(async (tx) => {
    const row = await records.insertOrLock(tx, { ...req, fingerprint, owner, leaseMs: LEASE_MS });
    if (row.fingerprint !== fingerprint) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'error.idempotencyKeyReused');
    }
    if (row.status !== 'pending') return { kind: 'answered' as const, row };
    if (row.owner !== owner) {
      if (row.lockedUntil.getTime() > Date.now()) return { kind: 'busy' as const };
      await records.takeOver(tx, req, owner, LEASE_MS);
    }
    try {
      await steps.reserve?.(tx, claim);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const failed = await records.settle(
        tx,
        req,
        owner,
        'failed',
        error.statusCode,
        toStored(error),
      );
      return { kind: 'answered' as const, row: failed };
    }
    return null;
  });
  return refusal ?? { kind: 'claimed', claim };
}

async function claimOrWait<A, T>(db: Db, req: EffectRequest, steps: EffectSteps<A, T>) {
  const fingerprint = fingerprintOf(req.request);
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const claimed = await claimOnce(db, req, fingerprint, steps);
    if (claimed.kind !== 'busy') return claimed;
    if (Date.now() >= deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs a money-moving request once per (user, scope, key); see the module comment. */
export async function runIdempotent<A, T>(
  db: Db,
  req: EffectRequest,
  steps: EffectSteps<A, T>,
): Promise<T> {
  const claimed = await claimOrWait(db, req, steps);
  if (claimed.kind === 'answered') return replay(claimed.row) as T;
  const { claim } = claimed;
  let acted: A;
  const renewal = setInterval(() => {
    records.renew(db, req, claim.owner, LEASE_MS).catch(() => undefined);
  }, LEASE_MS / 3);
  renewal.unref();
  try {
    acted = await steps.act(claim);
  } catch (error) {
    if (isRefusal(error)) {
      await db.transaction(async (tx) => {
        if (!(await records.lockOwned(tx, req, claim.owner))) return;
        await steps.release?.(tx, claim);
        await records.settle(tx, req, claim.owner, 'failed', error.statusCode, toStored(error));
      });
    } else {
      // Unanswered: the claim lapses now, so the caller's retry resumes under the same keys.
      await records.lapse(db, req, claim.owner);
    }
    throw error;
  } finally {
    clearInterval(renewal);
  }
  const done = await db.transaction(async (tx) => {
    if (!(await records.lockOwned(tx, req, claim.owner))) return null;
    const result = await steps.finish(tx, claim, acted);
    await records.settle(tx, req, claim.owner, 'done', 200, result);
    return { result };
  });
  if (done) return done.result;
  // Another request resumed this key after our claim lapsed, or the reconciliation ended it.
  const row = await records.find(db, req);
  if (!row || row.status === 'pending') throw inProgress();
  return replay(row) as T;
}

/**
 * Takes a lapsed claim for the reconciliation, or answers null when a retry resumed it since it
 * was read. While the reconciliation holds it, a retry waits and then hears "in progress".
 */
export async function seizeStale(db: Db, row: records.RecordRow, before: Date) {
  const owner = randomUUID();
  if (!(await records.seize(db, row, owner, LEASE_MS, before))) return null;
  const claim: Claim = {
    userId: row.userId,
    scope: row.scope,
    key: row.key,
    owner,
    paymentKey: paymentKeyOf(row.scope, row.key),
  };
  return claim;
}

/**
 * Ends a request that the reconciliation seized: the reservation is given back and the key
 * answers 'abandoned' from now on. The caller has already undone the money of its payment.
 */
export async function abandon(db: Db, claim: Claim) {
  const req = { userId: claim.userId, scope: claim.scope, key: claim.key, request: null };
  const error = new AppError(409, 'PAYMENT_ABANDONED', 'error.paymentAbandoned');
  return db.transaction(async (tx) => {
    if (!(await records.lockOwned(tx, req, claim.owner))) return false;
    await releases.get(claim.scope)?.(tx, claim);
    await records.settle(tx, req, claim.owner, 'failed', error.statusCode, toStored(error));
    return true;
  });
}

export const staleClaims = records.stale;
