import { X509Certificate } from 'node:crypto';
import type { ContractView } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
import {
  boot16,
  boot201,
  listen,
  meter201,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

// Plug & Charge through OCPP 2.0.1 with the simulated contract PKI: a driver's contract, issued
// for the car's PCID and tied to the driver; the car fetches its certificate through a charger;
// Authorize with the certificate's hashes is answered from OCSP; the eMAID's charge is billed to
// the driver; a revoked contract no longer charges.

let t: TestApp;
let url: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const station of open) await station.close();
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

const contracts = (token: string) =>
  t.app.inject({ url: '/api/charging/contracts', headers: bearer(token) });
const create = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/charging/contracts',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: payload as Record<string, unknown>,
  });
const revoke = (token: string, emaid: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/charging/contracts/${emaid}`,
    headers: bearer(token),
  });

let pcids = 0;
const newPcid = () => {
  pcids += 1;
  return `WMI${String(Date.now()).slice(-10)}${String(pcids).padStart(4, '0')}`;
};

/** The simulated car's request: its PCID as base64 JSON (the real one is EXI). */
const exiOf = (pcid: string) => Buffer.from(JSON.stringify({ pcid })).toString('base64');

/** OCSP's names for a certificate of a chain, as a charger sends them. */
function hashDataOf(contract: ContractView) {
  return {
    hashAlgorithm: 'SHA256',
    issuerNameHash: 'a'.repeat(64),
    issuerKeyHash: 'b'.repeat(64),
    serialNumber: contract.serialNumber,
    responderURL: 'https://ocsp.example/',
  };
}

async function connected() {
  const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
  const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
  open.push(station);
  await boot201(station);
  return { charger, station };
}

describe('a driver’s Plug & Charge contract', () => {
  it('is issued for the car, fetched through a charger, authorized by OCSP and billed to the driver', async () => {
    const driver = await cardCustomer(t.app);
    const pcid = newPcid();
    const made = await create(driver.token, { pcid: pcid.toLowerCase() });
    expect(made.statusCode, made.body).toBe(201);
    const contract = made.json<ContractView>();
    expect(contract).toMatchObject({ pcid, revokedAt: null });
    expect(contract.emaid).toMatch(/^FOSTD[A-Z2-9]{9}$/);
    expect((await contracts(driver.token)).json()).toEqual({ items: [contract] });

    const { station } = await connected();
    // The car, plugged in, asks for its contract certificate through the charger.
    const fetched = await station.call('Get15118EVCertificate', {
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest: exiOf(pcid),
    });
    expect(fetched.status).toBe('Accepted');
    const response = JSON.parse(Buffer.from(String(fetched.exiResponse), 'base64').toString()) as {
      emaid: string;
      contractCertificateChain: string;
    };
    expect(response.emaid).toBe(contract.emaid);
    const leaf = new X509Certificate(response.contractCertificateChain);
    expect(leaf.subject).toContain(`CN=${contract.emaid}`);
    expect(leaf.serialNumber.toLowerCase()).toBe(contract.serialNumber);
    const unknown = await station.call('Get15118EVCertificate', {
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest: exiOf(newPcid()),
    });
    expect(unknown.status).toBe('Failed');

    // Authorize with the eMAID and the certificate's hashes.
    const auth = await station.call('Authorize', {
      idToken: { idToken: contract.emaid, type: 'eMAID' },
      iso15118CertificateHashData: [hashDataOf(contract)],
    });
    expect(auth).toEqual({ idTokenInfo: { status: 'Accepted' }, certificateStatus: 'Accepted' });
    const ocsp = await station.call('GetCertificateStatus', {
      ocspRequestData: hashDataOf(contract),
    });
    expect(ocsp.status).toBe('Accepted');
    expect(JSON.parse(Buffer.from(String(ocsp.ocspResult), 'base64').toString())).toMatchObject({
      certStatus: 'good',
    });

    // The charge the eMAID starts is the driver's.
    const transactionId = `PNC-${String(Date.now())}`;
    const event = (eventType: 'Started' | 'Ended', seqNo: number, wh: number) =>
      station.call('TransactionEvent', {
        eventType,
        timestamp: new Date().toISOString(),
        triggerReason: eventType === 'Started' ? 'Authorized' : 'EVCommunicationLost',
        seqNo,
        transactionInfo: {
          transactionId,
          ...(eventType === 'Ended' ? { stoppedReason: 'EVDisconnected' } : {}),
        },
        idToken: { idToken: contract.emaid, type: 'eMAID' },
        evse: { id: 1, connectorId: 1 },
        meterValue: meter201(wh, 0),
      });
    expect((await event('Started', 0, 1000)).idTokenInfo).toMatchObject({ status: 'Accepted' });
    const active = await until(
      async () =>
        (await t.app.inject({ url: '/api/charges/active', headers: bearer(driver.token) })).json<{
          charge: { id: string; state: string } | null;
        }>().charge,
      (charge) => charge?.state === 'charging',
    );
    await event('Ended', 1, 3500);
    const done = await until(
      async () =>
        (
          await t.app.inject({
            url: `/api/charges/${active?.id ?? ''}`,
            headers: bearer(driver.token),
          })
        ).json<{ state: string; amount: number }>(),
      (c) => c.state === 'completed',
    );
    expect(done.amount).toBe(10_00);
    expect(await openHolds(t.app.ctx.db, driver.id)).toBe(0);
  });

  it('no longer charges once revoked: OCSP says revoked, Authorize says Invalid', async () => {
    const driver = await cardCustomer(t.app);
    const made = await create(driver.token, {});
    expect(made.statusCode, made.body).toBe(201);
    const contract = made.json<ContractView>();
    expect(contract.pcid).toBeNull();
    const other = await registerUser(t.app);
    expect((await revoke(other.token, contract.emaid)).statusCode).toBe(404);
    expect((await revoke(driver.token, contract.emaid)).statusCode).toBe(204);
    const { station } = await connected();
    const auth = await station.call('Authorize', {
      idToken: { idToken: contract.emaid, type: 'eMAID' },
      iso15118CertificateHashData: [hashDataOf(contract)],
    });
    expect(auth).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'CertificateRevoked',
    });
    const ocsp = await station.call('GetCertificateStatus', {
      ocspRequestData: hashDataOf(contract),
    });
    expect(JSON.parse(Buffer.from(String(ocsp.ocspResult), 'base64').toString())).toMatchObject({
      certStatus: 'revoked',
    });
    // Even without the hashes, the eMAID is a blocked tag now.
    const plain = await station.call('Authorize', {
      idToken: { idToken: contract.emaid, type: 'eMAID' },
    });
    expect(plain.idTokenInfo).toEqual({ status: 'Blocked' });
    const listed = (await contracts(driver.token)).json<{ items: ContractView[] }>().items;
    expect(listed[0]?.revokedAt).not.toBeNull();
  });

  it('lets no one charge on a driver’s eMAID presented as a card, in 2.0.1 or 1.6', async () => {
    const driver = await cardCustomer(t.app);
    const made = await create(driver.token, {});
    expect(made.statusCode, made.body).toBe(201);
    const contract = made.json<ContractView>();
    const { station } = await connected();
    const asCard = await station.call('Authorize', {
      idToken: { idToken: contract.emaid, type: 'ISO14443' },
    });
    expect(asCard.idTokenInfo).toEqual({ status: 'Invalid' });
    const started = await station.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: `FAKE-${String(Date.now())}` },
      idToken: { idToken: contract.emaid, type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
    });
    expect(started.idTokenInfo).toMatchObject({ status: 'Invalid' });
    const active = await t.app.inject({
      url: '/api/charges/active',
      headers: bearer(driver.token),
    });
    expect(active.json()).toEqual({ charge: null });
    // A 1.6 charger has no token types: an eMAID is never a tag there.
    const old = await registerCharger(t.app);
    const station16 = await scriptedCharger(url, old.identity);
    open.push(station16);
    await boot16(station16);
    expect(await station16.call('Authorize', { idTag: contract.emaid })).toEqual({
      idTagInfo: { status: 'Invalid' },
    });
  });

  it('answers a certificate it never issued CertChainError', async () => {
    const { station } = await connected();
    const auth = await station.call('Authorize', {
      idToken: { idToken: 'FOSTDNOTOURS1', type: 'eMAID' },
      iso15118CertificateHashData: [
        { ...hashDataOf({ serialNumber: 'deadbeef' } as ContractView) },
      ],
    });
    expect(auth).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'CertChainError',
    });
  });

  it('checks the PCID, one contract per car, five at most, and the caller', async () => {
    const driver = await cardCustomer(t.app);
    for (const bad of [
      { pcid: 'short' },
      { pcid: 'x'.repeat(19) },
      { pcid: 'ÆØÅ12345678901234' },
      { other: 1 },
    ]) {
      const res = await create(driver.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const pcid = newPcid();
    expect((await create(driver.token, { pcid })).statusCode).toBe(201);
    const again = await create(driver.token, { pcid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PCID_TAKEN',
      message: 'This car already has a Plug & Charge contract.',
    });
    for (let i = 0; i < 4; i += 1) expect((await create(driver.token, {})).statusCode).toBe(201);
    expect((await create(driver.token, {})).json()).toMatchObject({ code: 'CONTRACT_LIMIT' });
    expect((await t.app.inject({ url: '/api/charging/contracts' })).statusCode).toBe(401);
    const stranger = await registerUser(t.app);
    expect((await contracts(stranger.token)).json()).toEqual({ items: [] });
  });
});
