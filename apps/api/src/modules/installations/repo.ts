import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chargers,
  charges,
  installationInvitations,
  installationShares,
  installations,
  ownerCredits,
  ownerPayouts,
  users,
} from '../../db/schema/index.ts';

export type InvitationRow = typeof installationInvitations.$inferSelect;
export type ShareRow = typeof installationShares.$inferSelect;
// The charging module reads installations and shares for every start; the same reads serve here.
export { findInstallation, shareOf } from '../charging/index.ts';
export type SharePatch = Partial<Pick<ShareRow, 'endsAt' | 'monthlyKwhCap' | 'pricePerKwh'>>;

// ---------------------------------------------------------------------------------------------
// Installations.

/** The installations a user owns or that are shared with them, those owned first. */
export function ownedOrShared(db: Db, userId: string) {
  const shared = db
    .select({ id: installationShares.installationId })
    .from(installationShares)
    .where(eq(installationShares.userId, userId));
  return db
    .select()
    .from(installations)
    .where(or(eq(installations.ownerId, userId), inArray(installations.id, shared)))
    .orderBy(sql`${installations.ownerId} is distinct from ${userId}`, installations.name);
}

export async function togglePublic(db: Db, id: string, ownerId: string) {
  const [row] = await db
    .update(installations)
    .set({ public: sql`not ${installations.public}` })
    .where(and(eq(installations.id, id), eq(installations.ownerId, ownerId)))
    .returning();
  return row ?? null;
}

export async function userNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row ?? null;
}

export async function userById(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Shares.

export function sharesOf(db: Db, installationId: string) {
  return db
    .select({ share: installationShares, name: users.name, email: users.email })
    .from(installationShares)
    .innerJoin(users, eq(users.id, installationShares.userId))
    .where(eq(installationShares.installationId, installationId))
    .orderBy(installationShares.createdAt);
}

export function countShares(db: Db, installationIds: string[]) {
  if (installationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ installationId: installationShares.installationId, n: count() })
    .from(installationShares)
    .where(inArray(installationShares.installationId, installationIds))
    .groupBy(installationShares.installationId);
}

export async function findShare(db: Db, id: string) {
  const [row] = await db.select().from(installationShares).where(eq(installationShares.id, id));
  return row ?? null;
}

/** A new share; an existing one for the same user is kept as it is. */
export async function insertShare(db: Db, row: typeof installationShares.$inferInsert) {
  await db.insert(installationShares).values(row).onConflictDoNothing();
}

export async function patchShare(db: Db, id: string, set: SharePatch) {
  const [row] = await db
    .update(installationShares)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(installationShares.id, id))
    .returning();
  return row ?? null;
}

export async function deleteShare(db: Db, id: string) {
  await db.delete(installationShares).where(eq(installationShares.id, id));
}

// ---------------------------------------------------------------------------------------------
// Invitations.

export async function insertInvitation(db: Db, row: typeof installationInvitations.$inferInsert) {
  const [inserted] = await db.insert(installationInvitations).values(row).returning();
  return inserted ?? null;
}

export async function findInvitation(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(installationInvitations)
    .where(eq(installationInvitations.id, id));
  return row ?? null;
}

export async function pendingCount(db: Db, installationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(installationInvitations)
    .where(
      and(
        eq(installationInvitations.installationId, installationId),
        eq(installationInvitations.state, 'pending'),
      ),
    );
  return row?.n ?? 0;
}

/** Invitations the user sent as an owner, or received at their address; newest first. */
export function invitationsOf(db: Db, userId: string, email: string) {
  return db
    .select({ invitation: installationInvitations, installationName: installations.name })
    .from(installationInvitations)
    .innerJoin(installations, eq(installations.id, installationInvitations.installationId))
    .where(
      or(
        eq(installationInvitations.invitedBy, userId),
        eq(installationInvitations.email, email.toLowerCase()),
      ),
    )
    .orderBy(desc(installationInvitations.createdAt))
    .limit(200);
}

/** Moves a pending invitation on; null when it was no longer pending. */
export async function answerInvitation(
  db: Db,
  id: string,
  state: InvitationRow['state'],
  at: Date,
) {
  const [row] = await db
    .update(installationInvitations)
    .set({ state, respondedAt: at })
    .where(and(eq(installationInvitations.id, id), eq(installationInvitations.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function markEmailVerified(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------
// Charges and earnings.

/** An installation's charges, newest first; only `userId`'s when given. */
export async function chargesAt(
  db: Db,
  installationId: string,
  userId: string | null,
  offset: number,
  take: number,
) {
  const where = userId
    ? and(eq(charges.installationId, installationId), eq(charges.userId, userId))
    : eq(charges.installationId, installationId);
  const items = await db
    .select({
      charge: charges,
      userName: users.name,
      identity: chargers.identity,
      credit: ownerCredits.amount,
    })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.userId))
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .leftJoin(ownerCredits, eq(ownerCredits.chargeId, charges.id))
    .where(where)
    .orderBy(desc(charges.createdAt))
    .offset(offset)
    .limit(take);
  const [total] = await db.select({ n: count() }).from(charges).where(where);
  return { items, total: total?.n ?? 0 };
}

/** The credits of an installation in [from, to), by kind. */
export function creditsBetween(db: Db, installationId: string, from: Date, to: Date) {
  return db
    .select({
      kind: ownerCredits.kind,
      energyWh: sql<number>`coalesce(sum(${ownerCredits.energyWh}), 0)::int`,
      amount: sql<number>`coalesce(sum(${ownerCredits.amount}), 0)::int`,
      n: count(),
    })
    .from(ownerCredits)
    .where(
      and(
        eq(ownerCredits.installationId, installationId),
        gte(ownerCredits.createdAt, from),
        lt(ownerCredits.createdAt, to),
      ),
    )
    .groupBy(ownerCredits.kind);
}

export function payoutsOf(db: Db, installationId: string) {
  return db
    .select()
    .from(ownerPayouts)
    .where(eq(ownerPayouts.installationId, installationId))
    .orderBy(desc(ownerPayouts.month))
    .limit(24);
}

/** Installations with credits in [from, to) and no payout for `month` yet. */
export function unclosedInstallations(db: Db, month: string, from: Date, to: Date) {
  const closed = db
    .select({ id: ownerPayouts.installationId })
    .from(ownerPayouts)
    .where(eq(ownerPayouts.month, month));
  return db
    .selectDistinct({ installationId: ownerCredits.installationId, ownerId: ownerCredits.ownerId })
    .from(ownerCredits)
    .where(
      and(
        gte(ownerCredits.createdAt, from),
        lt(ownerCredits.createdAt, to),
        notInArray(ownerCredits.installationId, closed),
      ),
    )
    .limit(500);
}

export async function insertPayout(db: Db, row: typeof ownerPayouts.$inferInsert) {
  await db.insert(ownerPayouts).values(row).onConflictDoNothing();
}

export async function localeOf(db: Db, userId: string) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

const payoutJoin = (db: Db) =>
  db
    .select({
      payout: ownerPayouts,
      installationName: installations.name,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(ownerPayouts)
    .innerJoin(installations, eq(installations.id, ownerPayouts.installationId))
    .innerJoin(users, eq(users.id, ownerPayouts.ownerId));

export interface PayoutFilter {
  state: 'scheduled' | 'paid' | null;
  month: string | null;
}

const payoutWhere = (filter: PayoutFilter) =>
  and(
    filter.state ? eq(ownerPayouts.state, filter.state) : undefined,
    filter.month ? eq(ownerPayouts.month, filter.month) : undefined,
  );

export async function payoutsForOperator(
  db: Db,
  filter: PayoutFilter,
  offset: number,
  take: number,
) {
  const where = payoutWhere(filter);
  const items = await payoutJoin(db)
    .where(where)
    .orderBy(desc(ownerPayouts.month), users.name, installations.name, ownerPayouts.createdAt)
    .offset(offset)
    .limit(take);
  const [total] = await db.select({ n: count() }).from(ownerPayouts).where(where);
  return { items, total: total?.n ?? 0 };
}

/** What the filter's payouts come to, øre. */
export async function payoutSum(db: Db, filter: PayoutFilter) {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${ownerPayouts.amount}), 0)::bigint` })
    .from(ownerPayouts)
    .where(payoutWhere(filter));
  return Number(row?.amount ?? 0);
}

export async function payoutForOperator(db: Db, id: string) {
  const [row] = await payoutJoin(db).where(eq(ownerPayouts.id, id));
  return row ?? null;
}

/** Approves a scheduled payout for transfer, once: a repeat keeps the first approval. */
export async function approvePayout(db: Db, id: string, by: string, at: Date) {
  await db
    .update(ownerPayouts)
    .set({ approvedAt: at, approvedBy: by })
    .where(
      and(
        eq(ownerPayouts.id, id),
        eq(ownerPayouts.state, 'scheduled'),
        isNull(ownerPayouts.approvedAt),
      ),
    );
}

/** Approved to paid, once: a repeat keeps the first time it was paid. */
export async function markPayoutPaid(db: Db, id: string, at: Date) {
  await db
    .update(ownerPayouts)
    .set({ state: 'paid', paidAt: at })
    .where(
      and(
        eq(ownerPayouts.id, id),
        eq(ownerPayouts.state, 'scheduled'),
        isNotNull(ownerPayouts.approvedAt),
      ),
    );
}
