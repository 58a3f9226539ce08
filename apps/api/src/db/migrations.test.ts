import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

async function simulatorTables(database: Database) {
  const query: SQL = sql`select table_name from information_schema.tables
    where table_schema = 'public' and table_name like 'sim\\_%' order by table_name`;
  const result = (await database.db.execute(query)) as { rows: { table_name: string }[] };
  return result.rows.map((r) => r.table_name);
}

describe('the simulators keep their tables out of the production schema', () => {
  it('makes no simulator table where no simulator runs', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    try {
      expect(await simulatorTables(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('makes them where simulators run', async () => {
    const database = await openDatabase({ dataDir: ':memory:', simulators: true });
    try {
      expect(await simulatorTables(database)).toEqual([
        'sim_gateway_authorizations',
        'sim_gateway_cards',
        'sim_gateway_movements',
        'sim_gateway_requests',
        'sim_gateway_sessions',
        'sim_identity_codes',
        'sim_provider_card_challenges',
        'sim_provider_card_messages',
        'sim_provider_cards',
      ]);
    } finally {
      await database.close();
    }
  });
});
