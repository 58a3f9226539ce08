import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * The books of charging, after a charging test: every charge that delivered energy is settled
 * once (completed, with its receipt, paid what it cost and never more than its hold), no charge
 * is left open, and no charging hold outlives its charge. Answers what is wrong. With
 * `openAllowed`, for tests that leave charges running on purpose, only finished charges count.
 */
export async function checkChargingBooks(
  db: Db,
  options: { openAllowed?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  if (!options.openAllowed) {
    const open = await rows<{ id: string; state: string }>(
      db,
      sql`select id, state from charges where finished_at is null`,
    );
    for (const c of open) problems.push(`charge ${c.id} is left open (${c.state})`);
  }
  // A file whose tests leave charges running on purpose checks the finished ones only.
  const finished = options.openAllowed ? sql`and finished_at is not null` : sql``;
  const unsettled = await rows<{ id: string; state: string }>(
    db,
    sql`select id, state from charges where energy_wh > 0 and state <> 'completed' ${finished}`,
  );
  for (const c of unsettled) problems.push(`charge ${c.id} delivered energy but is ${c.state}`);
  const completed = await rows<{
    id: string;
    receipt_id: string | null;
    amount: number;
    captured: number;
    from_balance: number;
    held: number;
    own: boolean;
    payment_id: string | null;
  }>(
    db,
    sql`select id, receipt_id, amount, captured, from_balance, held, own, payment_id
        from charges where state = 'completed'`,
  );
  for (const c of completed) {
    if (!c.receipt_id) problems.push(`charge ${c.id} completed without a receipt`);
    if (c.payment_id && c.captured + c.from_balance !== c.amount)
      problems.push(`charge ${c.id} cost ${String(c.amount)} but was paid ${String(c.captured)}`);
    if (c.captured > c.held) problems.push(`charge ${c.id} captured more than its hold`);
  }
  const twice = await rows<{ receipt_id: string }>(
    db,
    sql`select receipt_id from charges where receipt_id is not null
        group by receipt_id having count(*) > 1`,
  );
  for (const r of twice) problems.push(`receipt ${r.receipt_id} settles more than one charge`);
  const holds = await rows<{ id: string }>(
    db,
    options.openAllowed
      ? sql`select p.id from payments p join charges c on c.payment_id = p.id
            where p.status = 'authorised' and c.finished_at is not null`
      : sql`select p.id from payments p where p.purpose = 'charging' and p.status = 'authorised'`,
  );
  for (const h of holds) problems.push(`charging hold ${h.id} outlives its charge`);
  return problems;
}
