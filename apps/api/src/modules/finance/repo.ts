import { salesServices, type SalesGrouping } from '@stod/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The time zone the reports count days and months in. */
const ZONE = 'Atlantic/Faroe';

export interface SalesLine {
  key: string | null;
  sales: number;
  gross: string;
  vat: string;
  voucher: string;
  refund_count: number;
  refunds: string;
  refund_vat: string;
}

/**
 * What each line is counted under. A credit receipt counts under the sale it gives money back
 * for: its receipt (`data.creditOf`) and payment (the credit key begins with the payment's id).
 */
const keyOf: Record<SalesGrouping | 'month', SQL> = {
  station: sql`coalesce(r.station_name, o.station_name)`,
  day: sql`to_char(r.created_at at time zone ${ZONE}, 'YYYY-MM-DD')`,
  month: sql`to_char(r.created_at at time zone ${ZONE}, 'YYYY-MM')`,
  product: sql`coalesce(o.product_description, r.product_description)`,
  service: sql`case
    when p.purpose in (${sql.join(
      salesServices.map((s) => sql`${s}`),
      sql`, `,
    )}) then p.purpose
    else case coalesce(o.product_type, r.product_type)
      when 'Fuel' then 'fuel' when 'Carwash' then 'carwash' when 'Charge' then 'charging' else 'food' end
    end`,
};

/**
 * The receipts written from the first day to the last (both counted, Faroe time), summed by one
 * grouping: sales and credit receipts apart, and of the sales what voucher balances paid.
 */
export async function salesBy(
  db: Db,
  grouping: SalesGrouping | 'month',
  from: string,
  to: string,
): Promise<SalesLine[]> {
  const result = (await db.execute(sql`
    with lines as (
      select r.amount, r.vat_amount,
        case when r.amount > 0 and r.payment_id is not null
          then (select coalesce(sum(vs.amount), 0) from voucher_spends vs where vs.payment_id = r.payment_id)
          else 0 end as voucher,
        ${keyOf[grouping]} as key
      from receipts r
      left join receipts o on r.amount < 0 and o.id::text = r.data->>'creditOf'
      left join payments p on p.id = coalesce(
        r.payment_id,
        o.payment_id,
        case when r.credit_key ~ '^[0-9a-f-]{36}:' then split_part(r.credit_key, ':', 1)::uuid end
      )
      where r.created_at >= (${from}::date)::timestamp at time zone ${ZONE}
        and r.created_at < (${to}::date + 1)::timestamp at time zone ${ZONE}
    )
    select key,
      (count(*) filter (where amount >= 0))::int as sales,
      coalesce(sum(amount) filter (where amount >= 0), 0)::bigint as gross,
      coalesce(sum(vat_amount) filter (where amount >= 0), 0)::bigint as vat,
      coalesce(sum(voucher), 0)::bigint as voucher,
      (count(*) filter (where amount < 0))::int as refund_count,
      coalesce(-sum(amount) filter (where amount < 0), 0)::bigint as refunds,
      coalesce(-sum(vat_amount) filter (where amount < 0), 0)::bigint as refund_vat
    from lines
    group by key
    order by key nulls last
  `)) as { rows: SalesLine[] };
  return result.rows;
}

/** A capture or refund in our books, as the settlement matches it. */
export interface MovedLine {
  paymentId: string;
  userId: string;
  kind: 'capture' | 'refund';
  key: string;
  amount: number;
  createdAt: Date;
}

/** Every capture and refund of money we recorded from `from` until `to`. */
export async function movedBetween(db: Db, from: Date, to: Date): Promise<MovedLine[]> {
  const result = (await db.execute(sql`
    select s.payment_id as "paymentId", p.user_id as "userId", s.kind, s.idempotency_key as key,
      s.amount, s.created_at as "createdAt"
    from payment_steps s join payments p on p.id = s.payment_id
    where s.kind in ('capture', 'refund') and s.amount > 0
      and s.created_at >= ${from.toISOString()}::timestamptz and s.created_at < ${to.toISOString()}::timestamptz
    order by s.created_at, s.id
  `)) as { rows: (Omit<MovedLine, 'createdAt'> & { createdAt: Date | string })[] };
  return result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}
