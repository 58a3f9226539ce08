import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema/index.ts';
import { createTestApp, registerUser, type TestApp } from '../test/app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// A dropped connection only exists on a PostgreSQL server; PGlite runs in the process.
describe.runIf(serverUrl)('when PostgreSQL drops the connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps running and answers on new connections', async () => {
    const user = await registerUser(t.app);
    const [row] = await t.app.ctx.db
      .select({ name: sql<string>`current_database()` })
      .from(users)
      .limit(1);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [row?.name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool see its idle connections go.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/user/v2',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
