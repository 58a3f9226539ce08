import type { SettlementReport } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simGatewayMovements } from '../../db/schema/index.ts';
import { GatewayError } from '../../integrations/payments/port.ts';
import { addTestCard } from '../../test/cards.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import * as payments from '../payments/index.ts';

// Settlement: each capture and refund in our books, matched against the gateway's report of the
// money it moved; what differs is listed.

let t: TestApp;
let userId: string;
let card: Awaited<ReturnType<typeof addTestCard>>;
let operator: string;
let finance: string;
let n = 0;
const key = () => `settle-${String((n += 1))}`;
/** Today in Faroe time, as the report names a day. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Faroe' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const user = await registerUser(t.app);
  userId = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>().id;
  card = await addTestCard(t.app, userId);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  finance = await signInAsStaff(t.app, { role: 'finance' });
});
afterAll(() => t.close());

const hold = (amount: number) =>
  payments.authorise(t.app.ctx, {
    userId,
    paymentMethodId: card.id,
    token: card.token,
    amount,
    purpose: 'fuel',
    reference: 'pump-1',
    idempotencyKey: key(),
  });

const settlement = async (query = `day=${today()}`, token = finance) =>
  t.app.inject({ url: `/api/admin/reports/settlement?${query}`, headers: bearer(token) });

const report = async () => {
  const res = await settlement();
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SettlementReport>();
};

describe('GET /api/admin/reports/settlement', () => {
  it('matches every capture and refund with the gateway’s, and lists what differs', async () => {
    const first = await hold(10_000);
    await payments.capture(t.app.ctx, first.id, 8_000, 'fill');
    await payments.refund(t.app.ctx, first.id, 3_000, 'too-much');
    const second = await hold(5_000);
    await payments.capture(t.app.ctx, second.id, 5_000, 'fill');
    // A hold released whole moves no money on either side.
    const third = await hold(2_000);
    await payments.capture(t.app.ctx, third.id, 0, 'nothing');

    const clean = await report();
    expect(clean).toMatchObject({
      day: today(),
      available: true,
      matched: 3,
      differences: [],
      ours: { captures: { count: 2, amount: 13_000 }, refunds: { count: 1, amount: 3_000 } },
    });
    expect(clean.gateway).toEqual(clean.ours);

    // The gateway took money under one of our keys that our books never recorded (its answer
    // was lost); it never took one we recorded; and it gave back another amount than we booked.
    const lost = await hold(4_000);
    const lostKey = `${lost.id}:capture:lost`;
    await t.app.ctx.gateway.capture(lostKey, {
      authorizationId: lost.gatewayAuthorizationId ?? '',
      amount: 4_000,
    });
    const secondKey = payments.gatewayKey(second.id, 'capture', 'fill');
    await t.app.ctx.db.delete(simGatewayMovements).where(eq(simGatewayMovements.key, secondKey));
    const refundKey = payments.gatewayKey(first.id, 'refund', 'too-much');
    await t.app.ctx.db
      .update(simGatewayMovements)
      .set({ amount: 2_500 })
      .where(eq(simGatewayMovements.key, refundKey));

    const off = await report();
    expect(off.matched).toBe(1);
    expect(off.gateway).toEqual({
      captures: { count: 2, amount: 12_000 },
      refunds: { count: 1, amount: 2_500 },
    });
    expect(off.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: 'missingAtGateway',
          kind: 'capture',
          key: secondKey,
          paymentId: second.id,
          userId,
          ours: 5_000,
          gateway: null,
        }),
        expect.objectContaining({
          problem: 'amountDiffers',
          kind: 'refund',
          key: refundKey,
          ours: 3_000,
          gateway: 2_500,
        }),
        expect.objectContaining({
          problem: 'missingHere',
          kind: 'capture',
          key: lostKey,
          paymentId: lost.id,
          ours: null,
          gateway: 4_000,
        }),
      ]),
    );
    expect(off.differences).toHaveLength(3);

    const csv = await settlement(`day=${today()}&format=csv`, operator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`settlement-${today()}.csv`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('problem,kind,at,payment_id,key,ours_kr,gateway_kr');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(`amountDiffers,refund,`);
    expect(csv.body).toContain(',30.00,25.00');
  });

  it('counts nothing of another day', async () => {
    const res = await settlement('day=2020-01-01');
    expect(res.json<SettlementReport>()).toMatchObject({
      matched: 0,
      differences: [],
      ours: { captures: { count: 0 }, refunds: { count: 0 } },
    });
  });

  it('says so when the gateway keeps no settlement report, and when it does not answer', async () => {
    const gateway = t.app.ctx.gateway;
    const failing = vi
      .spyOn(gateway, 'settlement')
      .mockRejectedValue(new GatewayError('unavailable'));
    const down = await settlement();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'GATEWAY_UNAVAILABLE' });
    failing.mockRestore();
    // A gateway whose adapter has no settlement report: the property left out.
    const withReport = Object.getOwnPropertyDescriptor(gateway, 'settlement');
    delete gateway.settlement;
    try {
      const none = await report();
      expect(none).toMatchObject({ available: false, matched: 0, differences: [] });
      expect(none.ours.captures.count).toBeGreaterThan(0);
    } finally {
      if (withReport) Object.defineProperty(gateway, 'settlement', withReport);
    }
  });

  it('refuses a day that is none, and anyone but operators and finance', async () => {
    for (const query of ['', 'day=2026-02-30', 'day=today', `day=${today()}&format=pdf`])
      expect((await settlement(query)).statusCode, query).toBe(400);
    const support = await signInAsStaff(t.app, { role: 'support' });
    const station = await signInAsStaff(t.app, { role: 'station', stationIds: [] });
    const customer = (await registerUser(t.app)).token;
    for (const token of [support, station, customer])
      expect((await settlement(undefined, token)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/admin/reports/settlement?day=${today()}` })).statusCode,
    ).toBe(401);
  });
});
