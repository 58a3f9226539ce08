import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pkiAuthorities } from '../../db/schema/index.ts';
import type { Authority } from '../../lib/certificates.ts';

/**
 * An authority kept in the database, so every process signs with the same one: made by the
 * first process that needs it (the insert of a second one loses and reads the first's).
 */
export async function keptAuthority(
  db: Db,
  name: string,
  make: () => Authority,
): Promise<Authority> {
  const [kept] = await db.select().from(pkiAuthorities).where(eq(pkiAuthorities.name, name));
  if (kept) return { certificatePem: kept.certificatePem, privateKeyPem: kept.privateKeyPem };
  const made = make();
  await db
    .insert(pkiAuthorities)
    .values({ name, certificatePem: made.certificatePem, privateKeyPem: made.privateKeyPem })
    .onConflictDoNothing();
  const [row] = await db.select().from(pkiAuthorities).where(eq(pkiAuthorities.name, name));
  if (!row) throw new Error(`authority ${name} not kept`);
  return { certificatePem: row.certificatePem, privateKeyPem: row.privateKeyPem };
}
