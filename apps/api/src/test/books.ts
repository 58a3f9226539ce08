import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Checks the books after any sequence of requests, races and crashes, and answers what is wrong:
 * - every hold the gateway made is known to exactly one payment;
 * - every draw on a voucher balance paid for exactly one effect: its payment settled (captured,
 *   or voided because the balance covered it all) and the request behind it finished;
 * - every finished request's payment still stands;
 * - every voucher's balance is what was loaded on it less what was drawn from it.
 */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // PGlite and node-postgres both answer raw queries with { rows }.
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export async function checkBooks(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const holds = await rows<{ id: string; known: number }>(
    db,
    sql`
    select a.id, (select count(*)::int from payments p where p.gateway_authorization_id = a.id) as known
    from sim_gateway_authorizations a`,
  );
  for (const h of holds) {
    if (h.known !== 1)
      problems.push(`gateway hold ${h.id} is known to ${String(h.known)} payments`);
  }
  const draws = await rows<{ id: string; payment_id: string | null; status: string | null }>(
    db,
    sql`
    select s.id, s.payment_id, p.status
    from voucher_spends s left join payments p on p.id = s.payment_id
    where s.payment_id is null
       or p.status not in ('captured', 'voided')
       or not (
         exists (select 1 from idempotency_records r
                 where r.user_id = p.user_id and r.status = 'done'
                   and r.scope || ':' || r.key = p.idempotency_key)
         or exists (select 1 from user_subscriptions u where u.last_payment_id = p.id))`,
  );
  for (const d of draws) {
    problems.push(
      `balance draw ${d.id} pays for no finished effect (payment ${String(d.payment_id)}, ${String(d.status)})`,
    );
  }
  // A finished request's payment stands: nothing refunded or voided it behind the effect's back.
  const undone = await rows<{ key: string; status: string }>(
    db,
    sql`
    select r.scope || ':' || r.key as key, p.status
    from idempotency_records r
    join payments p on p.user_id = r.user_id and p.idempotency_key = r.scope || ':' || r.key
    where r.status = 'done' and p.status not in ('captured', 'voided')`,
  );
  for (const u of undone) problems.push(`finished request ${u.key} has a ${u.status} payment`);
  const balances = await rows<{ id: string }>(
    db,
    sql`
    select v.id from user_vouchers v
    where v.balance is not null
      and v.balance <> v.initial_amount
        - coalesce((select sum(s.amount) from voucher_spends s where s.user_voucher_id = v.id), 0)`,
  );
  for (const b of balances) problems.push(`voucher ${b.id} balance does not add up`);
  return problems;
}
