import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityVerifications } from '../../db/schema/index.ts';

/** Records a sign-in that has begun; answers its id. */
export async function insertVerification(
  db: Db,
  values: { userId: string; state: string; nonce: string; returnPath: string },
) {
  const [row] = await db
    .insert(identityVerifications)
    .values(values)
    .returning({ id: identityVerifications.id });
  return row?.id;
}

/** The pending sign-in of this state, if it began within the last 30 minutes. */
export async function findPendingVerification(db: Db, state: string) {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.state, state),
        eq(identityVerifications.status, 'pending'),
        gt(identityVerifications.createdAt, sql`now() - interval '30 minutes'`),
      ),
    );
  return row;
}

export async function markVerificationFailed(db: Db, id: string) {
  await db
    .update(identityVerifications)
    .set({ status: 'failed' })
    .where(eq(identityVerifications.id, id));
}

export async function markVerified(db: Db, id: string, person: { subject: string; name: string }) {
  await db
    .update(identityVerifications)
    .set({
      status: 'verified',
      subject: person.subject,
      name: person.name,
      verifiedAt: sql`now()`,
    })
    .where(eq(identityVerifications.id, id));
}

/** The user's latest successful verification made after `since`. */
export async function latestVerification(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        eq(identityVerifications.status, 'verified'),
        gt(identityVerifications.verifiedAt, since),
      ),
    )
    .orderBy(desc(identityVerifications.verifiedAt))
    .limit(1);
  return row;
}
