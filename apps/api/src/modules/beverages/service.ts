import { randomInt } from 'node:crypto';
import {
  FILL_CODE_ALPHABET,
  FILL_CODE_LENGTH,
  formatDateTime,
  nextCupAt,
  normaliseFillCode,
  type BeveragePour,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { rateLimited } from '../auth/index.ts';
import { beverageCover } from '../subscriptions/index.ts';
import {
  live,
  MACHINE_ERROR_KEYS,
  MACHINE_REFUSALS,
  notOurs,
  publish,
  refusal,
  toView,
  used,
} from './fills.ts';
import * as repo from './repo.ts';
import { settleQuietly } from './settle.ts';

/**
 * Drinks from the coffee machines (spec §6, §7 "Beverages", §8): a choice on a machine becomes a
 * pending fill with a one-time hash; the app reads it, and pours it on the user's BEVERAGE
 * subscription (here) or buys it once (purchase.ts). Each hash pours at most once, however many
 * requests race for it.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
const HASH_LENGTH = 24;
const newHash = () =>
  Array.from({ length: HASH_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const newCode = () =>
  Array.from(
    { length: FILL_CODE_LENGTH },
    () => FILL_CODE_ALPHABET[randomInt(FILL_CODE_ALPHABET.length)],
  ).join('');

/** A new fill with a short code no other pending fill has (a clash is drawn again). */
async function insertWithCode(
  ctx: ServiceContext,
  row: Omit<Parameters<typeof repo.insertFill>[1], 'code'>,
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fill = await repo.insertFill(ctx.db, { ...row, code: newCode() });
      if (!fill) throw notFound();
      return fill;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * The code printed under a machine's QR code, typed in the app: the hash it stands for, while its
 * fill waits. Tries are counted per user, so codes cannot be guessed through it.
 */
export async function byCode(ctx: ServiceContext, userId: string, typed: string) {
  const tries = await ctx.counter.hit(
    `fillcode:${userId}`,
    FILL_CODE_TRIES,
    FILL_CODE_WINDOW_SECONDS,
  );
  if (!tries.allowed) throw rateLimited(tries.retryAfterSeconds);
  const code = normaliseFillCode(typed);
  const row = code ? await repo.pendingFillByCode(ctx.db, code) : null;
  if (!row || row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw unknownCode();
  return { hash: row.hash };
}

const FILL_CODE_TRIES = 20;
const FILL_CODE_WINDOW_SECONDS = 600;
const unknownCode = () => new AppError(404, 'FILL_CODE_UNKNOWN', 'error.fillCodeUnknown');

/** A machine's customer chose a drink: the pending fill and the code the machine shows. */
export async function issue(ctx: ServiceContext, machineId: string, beverageFamily: string) {
  const beverage = await repo.beverageOf(ctx.db, beverageFamily);
  if (!beverage) throw notFound();
  // A machine staff took out of service shows no code to pay for.
  if (await repo.machineClosed(ctx.db, machineId)) throw MACHINE_REFUSALS['out of order']();
  const expiresAt = new Date(
    ctx.clock.now().getTime() + ctx.config.BEVERAGE_HASH_TTL_SECONDS * 1000,
  );
  const fill = await insertWithCode(ctx, {
    hash: newHash(),
    machineId,
    beverageFamily,
    name: beverage.name,
    price: beverage.price,
    expiresAt,
  });
  const url = `${ctx.config.publicUrl}/${fill.hash}`;
  try {
    await ctx.beverageMachines.showCode(machineId, fill.id, url, expiresAt, fill.code ?? undefined);
  } catch (error) {
    // The machine never showed the code: nobody can scan it, so it is spent at once.
    ctx.log.warn({ err: error, machineId }, 'a coffee machine did not take its code');
    await repo.moveFill(ctx.db, fill.id, ['pending'], { state: 'expired' });
    throw new AppError(503, 'MACHINE_UNREACHABLE', 'error.machineUnreachable');
  }
  return { hash: fill.hash, url, transactionId: fill.id, installationId: machineId, expiresAt };
}

export async function read(ctx: ServiceContext, userId: string, hash: string) {
  const row = await live(ctx, userId, hash);
  // The app asks while the payment page is open: a lost webhook is no loss.
  const now = row.state === 'paying' && row.userId === userId ? await settleQuietly(ctx, row) : row;
  return toView(ctx, now, userId);
}

/** Pours on the subscription (§6), once per hash; fair use may ask for a pause between cups. */
export async function pourOnSubscription(ctx: ServiceContext, userId: string, input: BeveragePour) {
  const row = await live(ctx, userId, input.hash);
  if (row.machineId !== input.installationId || row.id !== input.transactionId) throw notOurs();
  if (row.userId === userId && row.kind === 'subscription') return toView(ctx, row, userId);
  if (row.state !== 'pending') throw used();
  const now = ctx.clock.now();
  const { any, cover } = await beverageCover(ctx, userId, row.beverageFamily, now);
  if (!any) throw refusal(422, 'NO_BEVERAGE_SUBSCRIPTION', 'error.noBeverageSubscription');
  if (!cover) throw refusal(422, 'DRINK_NOT_IN_SUBSCRIPTION', 'error.drinkNotInSubscription');
  const claimed = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    // A twin request that held the lock first has poured this code: it is this request's too,
    // and no second cup for fair use to count.
    const current = await repo.findFill(tx, row.id);
    if (current?.state !== 'pending') return null;
    const minutes = cover.fairUseMinutes;
    if (minutes) {
      const last = await repo.lastSubscriptionCup(
        tx,
        userId,
        new Date(now.getTime() - minutes * 60_000),
      );
      const next = nextCupAt(last, minutes, now);
      if (next)
        throw refusal(422, 'FAIR_USE', 'error.fairUse', {
          minutes: String(minutes),
          time: formatDateTime(next).slice(-5),
        });
    }
    return repo.claim(tx, row.id, {
      state: 'pouring',
      userId,
      kind: 'subscription',
      userSubscriptionId: cover.userSubscriptionId,
      startedAt: now,
    });
  });
  if (!claimed) {
    const now2 = await repo.findFill(ctx.db, row.id);
    if (now2?.userId === userId && now2.kind === 'subscription') return toView(ctx, now2, userId);
    throw used();
  }
  const answer = await ctx.beverageMachines
    .pour(claimed.machineId, claimed.id)
    .catch(() => 'unreachable' as const);
  if (answer !== 'pouring') {
    // Nothing poured, so the cup does not count: the fill fails and frees the fair-use pause.
    const failed = await repo.moveFill(ctx.db, claimed.id, ['pouring'], {
      state: 'failed',
      startedAt: null,
      errorKey: MACHINE_ERROR_KEYS[answer],
    });
    if (failed) await publish(ctx, failed);
    throw MACHINE_REFUSALS[answer]();
  }
  await publish(ctx, claimed);
  ctx.log.info(
    { fillId: claimed.id, machineId: claimed.machineId },
    'a cup poured on a subscription',
  );
  return toView(ctx, claimed, userId);
}

/** The machines' reports: a cup done is poured. Answers the function that stops listening. */
export function watchMachines(ctx: ServiceContext) {
  return ctx.beverageMachines.subscribe((event) => {
    if (event.state !== 'done' || !event.transactionId) return;
    void repo
      .moveFill(ctx.db, event.transactionId, ['pouring'], {
        state: 'poured',
        pouredAt: ctx.clock.now(),
      })
      .then((row) => (row ? publish(ctx, row) : undefined))
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, fillId: event.transactionId }, 'a poured cup was not recorded');
      });
  });
}

/**
 * A station's coffee machines for the staff screen: the state each reports (null when it cannot
 * be reached) and whether staff took it out of service.
 */
export async function machinesAtStation(ctx: ServiceContext, stationId: number) {
  const machines = await repo.machinesOf(ctx.db, stationId);
  return Promise.all(
    machines.map(async (machine) => ({
      id: machine.id,
      name: machine.name,
      state: await ctx.beverageMachines
        .state(machine.id)
        .then((event) => event.state)
        .catch(() => null),
      outOfService: machine.outOfServiceAt !== null,
    })),
  );
}
