import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { users } from './db/schema/index.ts';
import { hashPassword } from './lib/secrets.ts';
import { insertUser } from './modules/account/repo.ts';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-1' } as const;

/** Loads the demo data into an empty database; answers whether it did. */
export async function seedIfEmpty(app: FastifyInstance): Promise<boolean> {
  const mode = app.config.SEED_DEMO;
  if (mode === 'false') return false;
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0 && mode === 'auto') return false;
  await seedDemo(app);
  return true;
}

export async function seedDemo(app: FastifyInstance) {
  await insertUser(app.db, {
    email: DEMO_ACCOUNT.email,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    name: 'Jógvan Joensen',
    address: 'Áarvegur 1',
    postCode: '100',
    city: 'Tórshavn',
    mobile: '211234',
    emailVerified: true,
  });
}
