import type { Charge } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { payments, receipts } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  boot16,
  boot201,
  chargeOf,
  listen,
  meter16,
  meter201,
  newIdentity,
  openAndStart,
  registerCharger,
  scriptedCharger,
} from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { chargerEvents } from './ocpp-events.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

// A provider card presented at the charger itself: Authorize answers what a start would be
// answered, and the StartTransaction that follows opens a charge billed to the card's owner.

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// The books, after everything this file did: every finished charge that delivered energy settled
// once, no hold outliving its charge (some tests leave a charge open on purpose).
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db, { openAllowed: true });
  await t.close();
  expect(problems).toEqual([]);
});

const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);
let tagNumber = 0;
const newTag = () => {
  tagNumber += 1;
  return `04TAG${String(Date.now() % 1e8)}${String(tagNumber).padStart(3, '0')}`;
};

async function registerTag(email: string, idTag = newTag()) {
  const token = await signInAsStaff(t.app, { role: 'operator' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/id-tags',
    headers: bearer(token),
    payload: { idTag, email },
  });
  expect(res.statusCode).toBe(201);
  return idTag;
}

const active = async (token: string) =>
  (await t.app.inject({ url: '/api/charges/active', headers: bearer(token) })).json<{
    charge: Charge | null;
  }>().charge;

const status16 = (answer: Record<string, unknown>) =>
  (answer.idTagInfo as { status: string }).status;

describe('OCPP 1.6J: a provider card at the charger', () => {
  it('authorizes, starts, meters and stops a charge billed to the card owner, with one hold', async () => {
    const user = await cardCustomer(t.app);
    const idTag = await registerTag(user.email);
    const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);

    expect(status16(await station.call('Authorize', { idTag }))).toBe('Accepted');
    const start = { connectorId: 2, idTag, meterStart: 5000, timestamp: minute(0).toISOString() };
    const tx = await station.call('StartTransaction', start);
    expect(status16(tx)).toBe('Accepted');
    // A StartTransaction sent again (its answer lost) is the same charge and the same hold.
    const again = await station.call('StartTransaction', start);
    expect(again.transactionId).toBe(tx.transactionId);
    expect(status16(again)).toBe('Accepted');
    const transactionId = tx.transactionId as number;

    const charge = await active(user.token);
    expect(charge).toMatchObject({ state: 'charging', connectorId: 2, chargerId: charger.id });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);

    await station.call('MeterValues', meter16(transactionId, 7500, 11_000, minute(10)));
    const live = await until(
      () => chargeOf(t.app, user.token, charge?.id ?? ''),
      (c) => c.kwh === 2.5,
    );
    expect(live.state).toBe('charging');
    // While it runs the card is told it is in use elsewhere: one car at a time.
    expect(status16(await station.call('Authorize', { idTag }))).toBe('Accepted');
    const other = await registerCharger(t.app);
    const otherStation = await scriptedCharger(url, other.identity);
    await boot16(otherStation);
    expect(status16(await otherStation.call('Authorize', { idTag }))).toBe('ConcurrentTx');
    const second = await otherStation.call('StartTransaction', {
      ...start,
      connectorId: 1,
      timestamp: minute(11).toISOString(),
    });
    expect(status16(second)).toBe('ConcurrentTx');
    await otherStation.close();

    await station.call('StopTransaction', {
      transactionId,
      meterStop: 10_000,
      timestamp: minute(20).toISOString(),
      idTag,
      reason: 'Local',
    });
    const done = await until(
      () => chargeOf(t.app, user.token, charge?.id ?? ''),
      (c) => c.state === 'completed',
    );
    expect(done.kwh).toBe(5);
    expect(done.amount).toBe(2000);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    const [paid] = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(paid?.amountCaptured).toBe(2000);
    expect(
      await t.app.ctx.db
        .select({ id: receipts.id })
        .from(receipts)
        .where(eq(receipts.userId, user.id)),
    ).toHaveLength(1);
    await station.close();
  });

  it('refuses an unknown tag, and a tag whose owner has no card that may charge', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    expect(status16(await station.call('Authorize', { idTag: 'NOBODY-KNOWS' }))).toBe('Invalid');
    const start = {
      connectorId: 1,
      idTag: 'NOBODY-KNOWS',
      meterStart: 0,
      timestamp: minute(0).toISOString(),
    };
    expect(status16(await station.call('StartTransaction', start))).toBe('Invalid');

    const cardless = await registerUser(t.app);
    const idTag = await registerTag(cardless.email);
    expect(status16(await station.call('Authorize', { idTag }))).toBe('Blocked');
    expect(status16(await station.call('StartTransaction', { ...start, idTag }))).toBe('Blocked');
    expect(await active(cardless.token)).toBeNull();
    await station.close();
  });

  it("does not let a tag start at another's private installation, and charges nothing at the owner's own", async () => {
    const owner = await cardCustomer(t.app);
    const stranger = await cardCustomer(t.app);
    const ownerTag = await registerTag(owner.email);
    const strangerTag = await registerTag(stranger.email);
    const charger = await registerCharger(t.app, { public: false, ownerEmail: owner.email });
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);

    expect(status16(await station.call('Authorize', { idTag: strangerTag }))).toBe('Invalid');
    const start = { connectorId: 1, meterStart: 100, timestamp: minute(0).toISOString() };
    expect(status16(await station.call('StartTransaction', { ...start, idTag: strangerTag }))).toBe(
      'Invalid',
    );

    const tx = await station.call('StartTransaction', { ...start, idTag: ownerTag });
    expect(status16(tx)).toBe('Accepted');
    expect(await openHolds(t.app.ctx.db, owner.id)).toBe(0);
    await station.call('StopTransaction', {
      transactionId: tx.transactionId,
      meterStop: 4100,
      timestamp: minute(30).toISOString(),
      reason: 'EVDisconnected',
    });
    const charge = await until(
      () => active(owner.token),
      (c) => c === null,
    ).then(async () => {
      const list = await t.app.inject({ url: '/api/charges', headers: bearer(owner.token) });
      return list.json<{ items: Charge[] }>().items[0];
    });
    expect(charge).toMatchObject({ state: 'completed', kwh: 4, amount: 0 });
    await station.close();
  });

  it("refuses a card at a connector where another user's app charge waits", async () => {
    const waiting = await cardCustomer(t.app);
    const other = await cardCustomer(t.app);
    const idTag = await registerTag(other.email);
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    await openAndStart(t.app, station, waiting, charger);
    const answer = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: minute(1).toISOString(),
    });
    expect(status16(answer)).toBe('Invalid');
    expect(await active(other.token)).toBeNull();
    expect(await openHolds(t.app.ctx.db, other.id)).toBe(0);
    await station.close();
  });
});

describe('a StartTransaction sent again while the first is still being answered', () => {
  it('answers both with the same transaction, one charge and one hold', async () => {
    const user = await cardCustomer(t.app);
    const idTag = await registerTag(user.email);
    const charger = await registerCharger(t.app);
    const link = {
      chargerId: charger.id,
      identity: charger.identity,
      protocol: 'ocpp1.6' as const,
      session: 'test',
    };
    const report = { connectorId: 1, idTag, meterStartWh: 100, timestamp: minute(0) };
    const events = chargerEvents(t.app.ctx);
    const answers = await Promise.all([
      events.started(link, report),
      events.started(link, report),
      events.started(link, report),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['Accepted', 'Accepted', 'Accepted']);
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect((await active(user.token))?.state).toBe('charging');
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);
  });
});

describe('OCPP 2.0.1: a provider card at the charger', () => {
  it('starts with TransactionEvent Started (Authorized) and ends with Ended', async () => {
    const user = await cardCustomer(t.app);
    const idTag = await registerTag(user.email);
    const charger = await registerCharger(t.app, { identity: newIdentity('T2') });
    const station = await scriptedCharger(url, charger.identity, {
      protocol: 'ocpp2.0.1',
      handlers: { CostUpdated: () => ({}) },
    });
    await boot201(station);
    const auth = await station.call('Authorize', { idToken: { idToken: idTag, type: 'ISO14443' } });
    expect((auth.idTokenInfo as { status: string }).status).toBe('Accepted');
    const transactionId = `tx-${newIdentity()}`;
    const started = await station.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: minute(0).toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken: { idToken: idTag, type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
      meterValue: meter201(1000, 11_000, minute(0)),
    });
    expect((started.idTokenInfo as { status: string }).status).toBe('Accepted');
    const charge = await active(user.token);
    expect(charge?.state).toBe('charging');
    // The running price goes to the charger's display, once now, then only as it changes.
    const costs = () => Promise.resolve(station.received.filter((r) => r.method === 'CostUpdated'));
    expect((await until(costs, (c) => c.length > 0))[0]?.params).toEqual({
      totalCost: 0,
      transactionId,
    });
    const ended = await station.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: minute(15).toISOString(),
      triggerReason: 'StopAuthorized',
      seqNo: 1,
      transactionInfo: { transactionId, stoppedReason: 'Local' },
      evse: { id: 1, connectorId: 1 },
      meterValue: meter201(3000, 0, minute(15)),
    });
    // The price for the charger's display: 2 kWh at 3.50 kr.
    expect(ended.totalCost).toBe(7);
    const done = await until(
      () => chargeOf(t.app, user.token, charge?.id ?? ''),
      (c) => c.state === 'completed',
    );
    expect(done.kwh).toBe(2);
    expect(done.amount).toBe(700);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    // Every event came: nothing to ask.
    expect(station.received.some((r) => r.method === 'GetTransactionStatus')).toBe(false);
    await station.close();
  });

  it('asks for the transaction’s status when it ends with events missing', async () => {
    const user = await cardCustomer(t.app);
    const idTag = await registerTag(user.email);
    const charger = await registerCharger(t.app, { identity: newIdentity('T2') });
    const station = await scriptedCharger(url, charger.identity, {
      protocol: 'ocpp2.0.1',
      handlers: {
        CostUpdated: () => ({}),
        GetTransactionStatus: () => ({ messagesInQueue: true }),
      },
    });
    try {
      await boot201(station);
      const transactionId = `tx-${newIdentity()}`;
      const event = (eventType: string, seqNo: number, wh: number, at: number) =>
        station.call('TransactionEvent', {
          eventType,
          timestamp: minute(at).toISOString(),
          triggerReason: eventType === 'Started' ? 'Authorized' : 'StopAuthorized',
          seqNo,
          transactionInfo: {
            transactionId,
            ...(eventType === 'Ended' ? { stoppedReason: 'Local' } : {}),
          },
          ...(eventType === 'Started' ? { idToken: { idToken: idTag, type: 'ISO14443' } } : {}),
          evse: { id: 1, connectorId: 1 },
          meterValue: meter201(wh, 0, minute(at)),
        });
      await event('Started', 0, 1000, 0);
      // Events 1 and 2 were sent while the charger was offline and are not through yet.
      await event('Ended', 3, 2000, 10);
      const asked = await until(
        () => Promise.resolve(station.received.filter((r) => r.method === 'GetTransactionStatus')),
        (calls) => calls.length > 0,
      );
      expect(asked[0]?.params).toEqual({ transactionId });
    } finally {
      await station.close();
    }
  });
});
