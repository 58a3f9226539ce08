import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyRecords, paymentSteps, payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type StepKind = (typeof paymentSteps.$inferInsert)['kind'];

export async function findPayment(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findByKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row;
}

/** Claims the creation key; answers null when another request holds it already. */
export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Records a hold the gateway made on its own page (a hosted payment), with its step, in one
 * transaction; answers null when the key has one already.
 */
export async function insertHeld(
  db: Db,
  values: typeof payments.$inferInsert,
  step: { kind: StepKind; key: string; amount: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    if (!row) return null;
    await tx.insert(paymentSteps).values({
      paymentId: row.id,
      kind: step.kind,
      idempotencyKey: step.key,
      amount: step.amount,
    });
    return row;
  });
}

/** Puts a payment the gateway never answered back to `created`, once, for another try. */
export async function reopenUnanswered(db: Db, paymentId: string, failure: string) {
  return db.transaction(async (tx) => {
    const reopened = await tx
      .update(payments)
      .set({ status: 'created', failure: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'failed'),
          eq(payments.failure, failure),
        ),
      )
      .returning({ id: payments.id });
    if (reopened.length === 0) return false;
    await tx
      .delete(paymentSteps)
      .where(and(eq(paymentSteps.paymentId, paymentId), eq(paymentSteps.kind, 'authorise')));
    return true;
  });
}

/**
 * Takes over a payment left in `created` by a request that died mid-call, once its lease has
 * run out; answers false while another request may still be working on it.
 */
export async function reclaimCreated(db: Db, paymentId: string, leaseMs: number) {
  const rows = await db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'created'),
        sql`${payments.updatedAt} < now() - ${`${String(leaseMs)} milliseconds`}::interval`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The failure recorded when the gateway gave no answer: a hold may still have been made. */
export const UNANSWERED = 'unavailable';

export const isUnanswered = (p: PaymentRow) => p.status === 'failed' && p.failure === UNANSWERED;

const unanswered = () =>
  or(
    eq(payments.status, 'created'),
    and(eq(payments.status, 'failed'), eq(payments.failure, UNANSWERED)),
  );

/**
 * Payments whose hold request got no answer, untouched since `before`: a request that died
 * mid-call, or one the gateway never answered and nobody tried again.
 */
export function stuckCreated(db: Db, before: Date) {
  return db
    .select()
    .from(payments)
    .where(and(unanswered(), lt(payments.updatedAt, before)))
    .limit(200);
}

/**
 * Settles such a payment with what the gateway says, in one transaction with its step, only if
 * nothing has moved it since `before`. Answers whether it moved.
 */
export async function settleUnanswered(
  db: Db,
  paymentId: string,
  before: Date,
  set: { [K in keyof typeof payments.$inferInsert]?: (typeof payments.$inferInsert)[K] | SQL },
  step: { kind: StepKind; key: string; amount: number },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), unanswered(), lt(payments.updatedAt, before)))
      .returning({ id: payments.id });
    if (updated.length === 0) return false;
    await tx
      .insert(paymentSteps)
      .values({ paymentId, kind: step.kind, idempotencyKey: step.key, amount: step.amount })
      .onConflictDoNothing();
    return true;
  });
}

/** The amount of a recorded step, or undefined when the payment has no such step. */
export async function stepAmount(db: Db, paymentId: string, kind: StepKind, key: string) {
  const [row] = await db
    .select({ amount: paymentSteps.amount })
    .from(paymentSteps)
    .where(
      and(
        eq(paymentSteps.paymentId, paymentId),
        eq(paymentSteps.kind, kind),
        eq(paymentSteps.idempotencyKey, key),
      ),
    );
  return row?.amount;
}

export async function hasStep(db: Db, paymentId: string, kind: StepKind, key: string) {
  return (await stepAmount(db, paymentId, kind, key)) !== undefined;
}

/** What a refund sets: the larger of the total kept and the gateway's, refunded once it is all. */
export function refundedUpTo(gatewayRefunded: number) {
  const total = sql<number>`greatest(${payments.amountRefunded}, ${gatewayRefunded})`;
  return {
    amountRefunded: total,
    status: sql<PaymentStatus>`case when greatest(${payments.amountRefunded}, ${gatewayRefunded}) >= ${payments.amountCaptured} then 'refunded' else 'captured' end`,
  };
}

/**
 * Moves a payment from one status to the next and records the step, in one
 * transaction. Answers false when the payment was no longer in `from`.
 */
export async function transition(
  db: Db,
  paymentId: string,
  from: readonly PaymentStatus[],
  set: { [K in keyof typeof payments.$inferInsert]?: (typeof payments.$inferInsert)[K] | SQL },
  step: { kind: StepKind; key: string; amount: number },
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning({ id: payments.id });
    if (updated.length === 0) return false;
    await tx
      .insert(paymentSteps)
      .values({ paymentId, kind: step.kind, idempotencyKey: step.key, amount: step.amount })
      .onConflictDoNothing();
    return true;
  });
}

export async function markStarted(db: Db, paymentId: string) {
  await db
    .update(payments)
    .set({ serviceStartedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNull(payments.serviceStartedAt)));
}

/** Holds that are still open: unstarted ones older than the cut-off, and expired ones. */
export function openHolds(db: Db, unstartedBefore: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'authorised'),
        sql`((${payments.serviceStartedAt} is null and ${payments.createdAt} < ${unstartedBefore.toISOString()})
          or ${payments.holdExpiresAt} < now())`,
        // A money request that is running or finished owns its hold; see reconcile.ts.
        sql`not exists (select 1 from ${idempotencyRecords} r
          where r.user_id = ${payments.userId}
            and r.scope || ':' || r.key = ${payments.idempotencyKey}
            and r.status in ('pending', 'done'))`,
      ),
    )
    .limit(500);
}
