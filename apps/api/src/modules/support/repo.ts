import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentMethods, paymentSteps, payments, receipts, users } from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer: an account that is no staff member's and is not deleted. */
const isCustomer = and(isNull(users.role), isNull(users.deletedAt));

/**
 * What a search text finds: four digits a card's last four (or a phone number holding them), an
 * id a receipt's, a payment's or the customer's own, anything else part of a name, an address or
 * a phone number.
 */
function matching(q: string): SQL | undefined {
  const like = containing(q);
  const byText = or(ilike(users.name, like), ilike(users.email, like), ilike(users.mobile, like));
  if (/^\d{4}$/.test(q))
    return or(
      byText,
      exists(
        sql`(select 1 from ${paymentMethods} where ${paymentMethods.userId} = "users"."id" and ${paymentMethods.last4} = ${q})`,
      ),
    );
  if (UUID.test(q))
    return or(
      eq(users.id, q),
      exists(
        sql`(select 1 from ${receipts} where ${receipts.userId} = "users"."id" and ${receipts.id} = ${q}::uuid)`,
      ),
      exists(
        sql`(select 1 from ${payments} where ${payments.userId} = "users"."id" and ${payments.id} = ${q}::uuid)`,
      ),
    );
  return byText;
}

const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  accountType: users.accountType,
  blockedAt: users.disabledAt,
  createdAt: users.createdAt,
};

export async function searchCustomers(db: Db, q: string, offset: number, take: number) {
  const where = and(isCustomer, matching(q));
  const [items, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .offset(offset)
      .limit(take),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findCustomer(db: Db, id: string) {
  const [row] = await db
    .select({
      ...customerColumns,
      address: users.address,
      postCode: users.postCode,
      city: users.city,
      locale: users.locale,
    })
    .from(users)
    .where(and(eq(users.id, id), isCustomer))
    .limit(1);
  return row;
}

export async function cardsOf(db: Db, userId: string) {
  return db
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      deletedAt: paymentMethods.deletedAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt));
}

/** The payments support sees: the newest `take`, each with its card and its receipt. */
export async function paymentsOf(db: Db, userId: string, take: number) {
  return db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      status: payments.status,
      held: payments.amountHeld,
      captured: payments.amountCaptured,
      refunded: payments.amountRefunded,
      last4: paymentMethods.last4,
      receiptId: receipts.id,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(take);
}

export async function stepsOf(db: Db, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: paymentSteps.paymentId,
      kind: paymentSteps.kind,
      amount: paymentSteps.amount,
      at: paymentSteps.createdAt,
    })
    .from(paymentSteps)
    .where(inArray(paymentSteps.paymentId, [...paymentIds]))
    .orderBy(asc(paymentSteps.createdAt));
}

export type TimelineRow = {
  kind: string;
  id: string;
  at: Date | string;
  /** Where: a station or a charger's site. */
  place: string | null;
  /** What: a product, a plan, a voucher, a payment's service. */
  title: string | null;
  /** A driver may hand a sum over as text. */
  amount: number | string | null;
  state: string | null;
};

/**
 * Everything the customer did, newest first, in one query: fills and washes, charges, food
 * orders, coffee, subscriptions, vouchers, payments and receipts.
 */
export async function timelineOf(db: Db, userId: string, take: number): Promise<TimelineRow[]> {
  const result = await db.execute(sql`
    select * from (
      select service as kind, id::text, created_at as at, station_name as place, product_name as title, amount, state
        from station_transactions where user_id = ${userId}
      union all
      select 'charge', id::text, created_at, installation_name, null, amount, state
        from charges where user_id = ${userId}
      union all
      select 'food', id::text, created_at, station_name, '#' || number, total, state
        from food_orders where user_id = ${userId}
      union all
      select 'coffee', id::text, created_at, null, name, price, state
        from beverage_fills where user_id = ${userId}
      union all
      select 'subscription', us.id::text, us.created_at, null, s.name, us.period_price, us.status
        from user_subscriptions us join subscriptions s on s.id = us.subscription_id where us.user_id = ${userId}
      union all
      select 'voucher', id::text, created_at, null, name, initial_amount, case when used_at is not null then 'used' else null end
        from user_vouchers where user_id = ${userId}
      union all
      select 'payment', id::text, created_at, null, purpose, case when amount_captured > 0 then amount_captured else amount_held end, status
        from payments where user_id = ${userId}
      union all
      select 'receipt', id::text, created_at, station_name, product_description, amount, null
        from receipts where user_id = ${userId}
    ) t
    order by at desc, kind, id
    limit ${take}
  `);
  return (result as { rows: TimelineRow[] }).rows;
}

export async function setBlocked(db: Db, userId: string, blocked: boolean) {
  await db
    .update(users)
    .set({
      disabledAt: blocked ? sql`coalesce(${users.disabledAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isCustomer));
}

/** A payment with its owner, and the receipt of what it paid for, if it has one. */
export async function paymentForRefund(db: Db, id: string) {
  const [row] = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      purpose: payments.purpose,
      captured: payments.amountCaptured,
      refunded: payments.amountRefunded,
      receiptId: receipts.id,
      stationName: receipts.stationName,
      productType: receipts.productType,
      productDescription: receipts.productDescription,
    })
    .from(payments)
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(eq(payments.id, id))
    .limit(1);
  return row;
}

/**
 * Whether a service still leans on the payment's hold: a fill or wash, a charge or a food order
 * not yet finished, or a coffee not yet poured.
 */
export async function holdInUse(db: Db, paymentId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select (
      exists (select 1 from station_transactions where payment_id = ${paymentId}::uuid and finished_at is null)
      or exists (select 1 from charges where payment_id = ${paymentId}::uuid and finished_at is null)
      or exists (select 1 from food_orders where payment_id = ${paymentId}::uuid and finished_at is null)
      or exists (select 1 from beverage_fills where payment_id = ${paymentId}::uuid and state in ('pending', 'paying', 'pouring'))
    ) as in_use
  `);
  return (result as { rows: { in_use: boolean }[] }).rows[0]?.in_use ?? false;
}

export async function paymentHold(db: Db, id: string) {
  const [row] = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.id, id))
    .limit(1);
  return row;
}

export async function receiptForResend(db: Db, id: string) {
  const [row] = await db
    .select({
      id: receipts.id,
      userId: receipts.userId,
      stationName: receipts.stationName,
      productDescription: receipts.productDescription,
      amount: receipts.amount,
      vatAmount: receipts.vatAmount,
      createdAt: receipts.createdAt,
      email: users.email,
      name: users.name,
      locale: users.locale,
    })
    .from(receipts)
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(and(eq(receipts.id, id), isCustomer))
    .limit(1);
  return row;
}
