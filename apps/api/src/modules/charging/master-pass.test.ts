import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
import {
  boot16,
  boot201,
  chargeOf,
  listen,
  meter201,
  registerCharger,
  scriptedCharger,
} from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

// Stopping a transaction with another tag than the one that started it (OCTT's group and master
// pass cases): a tag of the same group (1.6 parentIdTag, 2.0.1 groupIdToken) may stop it, and
// an operator's master pass (a tag of OCPP_MASTER_PASS_GROUP) may stop any. Authorize answers
// such a tag Accepted even when its holder has no card to start a charge with; the stop is
// answered Accepted, and the charge is billed to the one who started it.

const MASTER = 'MASTERPASS-GROUP';

let t: TestApp;
let url: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp({ OCPP_MASTER_PASS_GROUP: MASTER });
  url = await listen(t.app);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  // The group tags: registered tags themselves, held by the operator's account.
  const holder = await registerUser(t.app);
  for (const group of [MASTER, 'GROUP-FAMILY', 'GROUP-OTHER'])
    expect((await putTag(group, { email: holder.email, status: 'Accepted' })).statusCode).toBe(201);
});
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);

function putTag(idTag: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/id-tags/${idTag}`,
    headers: bearer(operator),
    payload,
  });
}

let serial = 0;
/** A new tag in a group for this holder. */
async function tagFor(holder: { email: string }, group: string | null) {
  serial += 1;
  const idTag = `04MP${String(Date.now() % 1e8)}${String(serial).padStart(3, '0')}`;
  const res = await putTag(idTag, {
    email: holder.email,
    status: 'Accepted',
    ...(group ? { parentIdTag: group } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return idTag;
}

/** A tag in a group whose holder has no card: alone, it could start no charge. */
async function cardlessTag(group: string) {
  const holder = await registerUser(t.app);
  return { idTag: await tagFor(holder, group), holder };
}

/** A tag in a group whose holder has a card to pay with. */
async function payingTag(group: string) {
  const holder = await cardCustomer(t.app);
  return { idTag: await tagFor(holder, group), holder };
}

const status16 = (answer: Record<string, unknown>) =>
  (answer.idTagInfo as { status: string; parentIdTag?: string }).status;

/** A 1.6 charge started at the charger with a family tag, 2 kWh in. */
async function familyCharge16() {
  const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
  const station = await scriptedCharger(url, charger.identity);
  await boot16(station);
  const starter = await payingTag('GROUP-FAMILY');
  const tx = await station.call('StartTransaction', {
    connectorId: 1,
    idTag: starter.idTag,
    meterStart: 1000,
    timestamp: minute(0).toISOString(),
  });
  expect(status16(tx)).toBe('Accepted');
  return { charger, station, starter, transactionId: tx.transactionId as number };
}

describe('OCPP 1.6J: a stop with another tag', () => {
  it('lets a tag of the same group stop the charge, and bills the one who started it', async () => {
    const { station, starter, transactionId } = await familyCharge16();
    const sibling = await cardlessTag('GROUP-FAMILY');
    const stranger = await cardlessTag('GROUP-OTHER');
    // Neither holder has a card: alone, neither tag could start a charge.
    const sib = await station.call('Authorize', { idTag: sibling.idTag });
    expect(sib.idTagInfo).toMatchObject({ status: 'Accepted', parentIdTag: 'GROUP-FAMILY' });
    expect(status16(await station.call('Authorize', { idTag: stranger.idTag }))).toBe('Blocked');

    const stop = await station.call('StopTransaction', {
      transactionId,
      idTag: sibling.idTag,
      meterStop: 3000,
      timestamp: minute(20).toISOString(),
      reason: 'Local',
    });
    expect(status16(stop)).toBe('Accepted');
    const charges = await t.app.inject({
      url: '/api/charges?take=5',
      headers: bearer(starter.holder.token),
    });
    const [done] = charges.json<{ items: { id: string }[] }>().items;
    const charge = await until(
      () => chargeOf(t.app, starter.holder.token, done?.id ?? ''),
      (c) => c.state === 'completed',
    );
    expect(charge).toMatchObject({ kwh: 2, amount: 8_00 });
    expect(await openHolds(t.app.ctx.db, starter.holder.id)).toBe(0);
    await station.close();
  });

  it('lets a master pass stop any charge, and answers a stranger’s stop with its standing', async () => {
    const master = await cardlessTag(MASTER);
    const first = await familyCharge16();
    // A master pass is Accepted anywhere, with its group, so a charger lets it stop anything.
    const auth = await first.station.call('Authorize', { idTag: master.idTag });
    expect(auth.idTagInfo).toMatchObject({ status: 'Accepted', parentIdTag: MASTER });
    const stop = await first.station.call('StopTransaction', {
      transactionId: first.transactionId,
      idTag: master.idTag,
      meterStop: 1500,
      timestamp: minute(10).toISOString(),
      reason: 'Local',
    });
    expect(status16(stop)).toBe('Accepted');

    // A stop with a tag of another group is taken (the charger stopped), and its answer is the
    // tag's own standing: no card, so Blocked.
    const second = await familyCharge16();
    const stranger = await cardlessTag('GROUP-OTHER');
    const other = await second.station.call('StopTransaction', {
      transactionId: second.transactionId,
      idTag: stranger.idTag,
      meterStop: 1200,
      timestamp: minute(10).toISOString(),
      reason: 'Local',
    });
    expect(status16(other)).toBe('Blocked');
    await first.station.close();
    await second.station.close();
  });

  it('answers a blocked master pass Blocked', async () => {
    const master = await cardlessTag(MASTER);
    expect((await putTag(master.idTag, { status: 'Blocked' })).statusCode).toBe(200);
    const { station, transactionId } = await familyCharge16();
    expect(status16(await station.call('Authorize', { idTag: master.idTag }))).toBe('Blocked');
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 1000,
      timestamp: minute(5).toISOString(),
    });
    await station.close();
  });
});

describe('OCPP 2.0.1: a master pass', () => {
  it('is Accepted with its groupIdToken, and its Ended is answered Accepted and billed to the starter', async () => {
    const master = await cardlessTag(MASTER);
    const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    await boot201(station);
    const starter = await payingTag('GROUP-FAMILY');
    const transactionId = `TX-${crypto.randomUUID().slice(0, 8)}`;
    const event = (
      eventType: 'Started' | 'Ended',
      seqNo: number,
      idToken: string,
      wh: number,
      at: number,
    ) =>
      station.call('TransactionEvent', {
        eventType,
        timestamp: minute(at).toISOString(),
        triggerReason: eventType === 'Started' ? 'Authorized' : 'StopAuthorized',
        seqNo,
        transactionInfo: {
          transactionId,
          ...(eventType === 'Ended' ? { stoppedReason: 'MasterPass' } : {}),
        },
        idToken: { idToken, type: 'ISO14443' },
        evse: { id: 1, connectorId: 1 },
        meterValue: meter201(wh, 0, minute(at)),
      });
    const started = await event('Started', 0, starter.idTag, 1000, 0);
    expect(started.idTokenInfo).toMatchObject({ status: 'Accepted' });
    const auth = await station.call('Authorize', {
      idToken: { idToken: master.idTag, type: 'ISO14443' },
    });
    expect(auth.idTokenInfo).toEqual({
      status: 'Accepted',
      groupIdToken: { idToken: MASTER, type: 'Central' },
    });
    const ended = await event('Ended', 1, master.idTag, 2500, 15);
    expect(ended.idTokenInfo).toMatchObject({ status: 'Accepted' });
    const list = await t.app.inject({
      url: '/api/charges?take=5',
      headers: bearer(starter.holder.token),
    });
    const [done] = list.json<{ items: { id: string }[] }>().items;
    const charge = await until(
      () => chargeOf(t.app, starter.holder.token, done?.id ?? ''),
      (c) => c.state === 'completed',
    );
    expect(charge).toMatchObject({ kwh: 1.5, amount: 6_00 });
    await station.close();
  });
});
