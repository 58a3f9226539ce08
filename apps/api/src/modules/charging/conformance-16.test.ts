import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerConnectors, chargerNotices } from '../../db/schema/index.ts';
import { newAuthority, newKeyPair, newSigningRequest } from '../../lib/certificates.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot16,
  listen,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// The CSMS side of the OCPP 1.6J compliance test cases (the Open Charge Alliance's OCTT test
// case document), case by case where they apply to a CSMS: the charger here is scripted to play
// its part of each sequence, the operator's calls go through the command route, and each case
// checks what the CSMS sends, answers and records. Cases that are the charger's business alone
// (its cable lock, its own cache) are left out; the charging sessions, token states, offline
// transactions and security profiles have their own files (tag-starts, robustness, other-makes,
// master-pass, security-profiles, certificates).

let t: TestApp;
let url: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const station of open) await station.close();
  await t.close();
});

type Handlers = NonNullable<Parameters<typeof scriptedCharger>[2]>['handlers'];

/** A registered 1.6 charger with two connectors, booted, answering as `handlers` say. */
async function booted(handlers: Handlers = {}) {
  const charger = await registerCharger(t.app);
  const station = await scriptedCharger(url, charger.identity, { handlers });
  open.push(station);
  await boot16(station);
  /** An operator's call through the command route: status code and body. */
  const send = async (action: string, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chargers/${charger.identity}/ocpp/${action}`,
      headers: bearer(charger.operatorToken),
      payload,
    });
    return { status: res.statusCode, body: res.json<{ response?: Record<string, unknown> }>() };
  };
  return { charger, station, send };
}

const connectorStatus = async (chargerId: string, connectorId: number) =>
  (
    await t.app.ctx.db
      .select()
      .from(chargerConnectors)
      .where(eq(chargerConnectors.chargerId, chargerId))
  ).find((c) => c.connectorId === connectorId)?.status;

const noticesOf = async (chargerId: string) =>
  (
    await t.app.ctx.db.select().from(chargerNotices).where(eq(chargerNotices.chargerId, chargerId))
  ).map((n) => `${n.kind}:${n.type}`);

describe('OCPP 1.6J compliance cases, the CSMS side', () => {
  it('TC_001 cold boot: Accepted with the heartbeat interval and the time; statuses taken', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    open.push(station);
    const boot = await station.call('BootNotification', {
      chargePointVendor: 'Other',
      chargePointModel: 'M1',
      firmwareVersion: '1.0.0',
    });
    expect(boot).toMatchObject({
      status: 'Accepted',
      interval: t.app.ctx.config.OCPP_HEARTBEAT_SECONDS,
    });
    expect(Math.abs(Date.parse(String(boot.currentTime)) - Date.now())).toBeLessThan(60_000);
    for (const connectorId of [0, 1, 2])
      expect(
        await station.call('StatusNotification', {
          connectorId,
          errorCode: 'NoError',
          status: 'Available',
        }),
      ).toEqual({});
    const beat = await station.call('Heartbeat', {});
    expect(typeof beat.currentTime).toBe('string');
    expect(await connectorStatus(charger.id, 1)).toBe('Available');
  });

  it('TC_013 hard reset without a transaction: availability, reset, boot, availability back', async () => {
    const { charger, station, send } = await booted({
      ChangeAvailability: () => ({ status: 'Accepted' }),
      Reset: () => ({ status: 'Accepted' }),
    });
    expect(await send('ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({
      status: 200,
      body: { response: { status: 'Accepted' } },
    });
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Unavailable',
    });
    expect(await connectorStatus(charger.id, 1)).toBe('Unavailable');
    expect((await send('Reset', { type: 'Hard' })).body.response).toEqual({ status: 'Accepted' });
    expect(
      (await station.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'T1' }))
        .status,
    ).toBe('Accepted');
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Unavailable',
    });
    expect((await send('ChangeAvailability', { connectorId: 1, type: 'Operative' })).status).toBe(
      200,
    );
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
    });
    expect(await connectorStatus(charger.id, 1)).toBe('Available');
  });

  it('TC_014 soft reset, and a reset the charger rejects', async () => {
    let answer = 'Accepted';
    const { send } = await booted({ Reset: () => ({ status: answer }) });
    expect((await send('Reset', { type: 'Soft' })).body.response).toEqual({ status: 'Accepted' });
    answer = 'Rejected';
    expect((await send('Reset', { type: 'Soft' })).body.response).toEqual({ status: 'Rejected' });
  });

  it('TC_017 unlock a connector with no session, and TC_031 an unknown connector', async () => {
    const { send, station } = await booted({
      UnlockConnector: (p) => ({ status: p.connectorId === 9765 ? 'NotSupported' : 'Unlocked' }),
    });
    expect((await send('UnlockConnector', { connectorId: 1 })).body.response).toEqual({
      status: 'Unlocked',
    });
    expect((await send('UnlockConnector', { connectorId: 9765 })).body.response).toEqual({
      status: 'NotSupported',
    });
    expect(station.received.filter((m) => m.method === 'UnlockConnector')).toHaveLength(2);
  });

  it('TC_019 all configuration keys, TC_021 a key changed, TC_040 unknown keys', async () => {
    const config = new Map([
      ['MeterValueSampleInterval', '300'],
      ['HeartbeatInterval', '300'],
    ]);
    const { send } = await booted({
      GetConfiguration: (p) => {
        const keys = (p.key as string[] | undefined) ?? [...config.keys()];
        return {
          configurationKey: keys
            .filter((k) => config.has(k))
            .map((key) => ({ key, readonly: false, value: config.get(key) })),
          unknownKey: keys.filter((k) => !config.has(k)),
        };
      },
      ChangeConfiguration: (p) => {
        if (!config.has(p.key as string)) return { status: 'NotSupported' };
        config.set(p.key as string, p.value as string);
        return { status: 'Accepted' };
      },
    });
    const all = await send('GetConfiguration');
    expect(all.body.response?.configurationKey).toHaveLength(2);
    expect(
      (await send('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '60' })).body
        .response,
    ).toEqual({ status: 'Accepted' });
    expect(
      (await send('GetConfiguration', { key: ['MeterValueSampleInterval'] })).body.response,
    ).toEqual({
      configurationKey: [{ key: 'MeterValueSampleInterval', readonly: false, value: '60' }],
      unknownKey: [],
    });
    expect(
      (await send('GetConfiguration', { key: ['UnknownConfigurationKey'] })).body.response,
    ).toEqual({ configurationKey: [], unknownKey: ['UnknownConfigurationKey'] });
    expect(
      (await send('ChangeConfiguration', { key: 'UnknownConfigurationKey', value: '1' })).body
        .response,
    ).toEqual({ status: 'NotSupported' });
    // A value the schema refuses never reaches the charger.
    expect((await send('ChangeConfiguration', { key: 'HeartbeatInterval' })).status).toBe(422);
  });

  it('TC_026 and TC_028: a remote start and a remote stop the charger rejects', async () => {
    const { send, charger } = await booted({
      RemoteStartTransaction: () => ({ status: 'Rejected' }),
      RemoteStopTransaction: () => ({ status: 'Rejected' }),
    });
    expect(
      (await send('RemoteStartTransaction', { connectorId: 1, idTag: 'OPERATOR1' })).body.response,
    ).toEqual({ status: 'Rejected' });
    expect((await send('RemoteStopTransaction', { transactionId: 1 })).body.response).toEqual({
      status: 'Rejected',
    });
    // A customer's start the charger rejects puts the charge back, ready to start again.
    const user = await cardCustomer(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/charges',
      headers: { ...bearer(user.token), 'idempotency-key': `tc026-${crypto.randomUUID()}` },
      payload: {
        installationId: charger.installationId,
        chargerId: charger.id,
        connectorId: 1,
        paymentMethodId: user.cardId,
      },
    });
    const id = created.json<{ id: string }>().id;
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/charges/${id}/start`,
      headers: bearer(user.token),
    });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ code: 'CHARGER_REFUSED' });
    const charge = await t.app.inject({ url: `/api/charges/${id}`, headers: bearer(user.token) });
    expect(charge.json()).toMatchObject({ state: 'ready', errorKey: 'error.chargerRefused' });
  });

  it('TC_042 local list version not supported, TC_043 a full local list', async () => {
    let supported = false;
    const { send, charger } = await booted({
      GetLocalListVersion: () => ({ listVersion: supported ? 1 : -1 }),
      SendLocalList: () => ({ status: supported ? 'Accepted' : 'NotSupported' }),
    });
    expect((await send('GetLocalListVersion')).body.response).toEqual({ listVersion: -1 });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${charger.identity}/local-list`,
      headers: bearer(charger.operatorToken),
    });
    expect(refused.statusCode).toBe(409);
    supported = true;
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${charger.identity}/local-list`,
      headers: bearer(charger.operatorToken),
    });
    expect(sent.json()).toMatchObject({ version: 1, response: { status: 'Accepted' } });
    expect((await send('GetLocalListVersion')).body.response).toEqual({ listVersion: 1 });
  });

  it('TC_044 firmware update and TC_045 diagnostics: the call, then the charger’s states on record', async () => {
    const { send, station, charger } = await booted({
      UpdateFirmware: () => ({}),
      GetDiagnostics: () => ({ fileName: 'diagnostics.zip' }),
    });
    expect(
      (
        await send('UpdateFirmware', {
          location: 'https://firmware.example/fw-2.0.bin',
          retrieveDate: new Date().toISOString(),
        })
      ).body.response,
    ).toEqual({});
    for (const status of ['Downloading', 'Downloaded', 'Installing', 'Installed'])
      expect(await station.call('FirmwareStatusNotification', { status })).toEqual({});
    expect(
      (await send('GetDiagnostics', { location: 'ftp://logs.example/' })).body.response,
    ).toEqual({ fileName: 'diagnostics.zip' });
    for (const status of ['Uploading', 'Uploaded'])
      expect(await station.call('DiagnosticsStatusNotification', { status })).toEqual({});
    expect((await noticesOf(charger.id)).sort()).toEqual([
      'firmware:Downloaded',
      'firmware:Downloading',
      'firmware:Installed',
      'firmware:Installing',
      'log:Uploaded',
      'log:Uploading',
    ]);
  });

  it('TC_046 reservation: a reserved connector is not offered to others; TC_051 cancelled', async () => {
    const { send, station, charger } = await booted({
      ReserveNow: () => ({ status: 'Accepted' }),
      CancelReservation: () => ({ status: 'Accepted' }),
    });
    const reserve = await send('ReserveNow', {
      connectorId: 1,
      expiryDate: new Date(Date.now() + 15 * 60_000).toISOString(),
      idTag: 'RESERVED1',
      reservationId: 11,
    });
    expect(reserve.body.response).toEqual({ status: 'Accepted' });
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Reserved',
    });
    const user = await cardCustomer(t.app);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/charges',
      headers: { ...bearer(user.token), 'idempotency-key': `tc046-${crypto.randomUUID()}` },
      payload: {
        installationId: charger.installationId,
        chargerId: charger.id,
        connectorId: 1,
        paymentMethodId: user.cardId,
      },
    });
    expect(taken.statusCode).toBe(409);
    expect((await send('CancelReservation', { reservationId: 11 })).body.response).toEqual({
      status: 'Accepted',
    });
    await station.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
    });
    expect(await connectorStatus(charger.id, 1)).toBe('Available');
  });

  it('TC_054 trigger messages the charger then sends, TC_055 one it rejects', async () => {
    const { send, station } = await booted({
      TriggerMessage: (p) => ({ status: p.connectorId === 7 ? 'Rejected' : 'Accepted' }),
    });
    for (const requestedMessage of ['Heartbeat', 'StatusNotification', 'BootNotification'])
      expect((await send('TriggerMessage', { requestedMessage })).body.response).toEqual({
        status: 'Accepted',
      });
    // The charger's triggered messages are answered as any other.
    expect((await station.call('Heartbeat', {})).currentTime).toEqual(expect.any(String));
    expect(
      (await send('TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 7 })).body
        .response,
    ).toEqual({ status: 'Rejected' });
  });

  it('TC_061 clear the cache, TC_062 data transfer to the charger, TC_064 from it', async () => {
    const { send, station } = await booted({
      ClearCache: () => ({ status: 'Accepted' }),
      DataTransfer: () => ({ status: 'UnknownVendorId' }),
    });
    expect((await send('ClearCache')).body.response).toEqual({ status: 'Accepted' });
    expect(
      (await send('DataTransfer', { vendorId: 'fo.stod', messageId: 'x' })).body.response,
    ).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await station.call('DataTransfer', { vendorId: 'com.other', data: '{}' })).toEqual({
      status: 'UnknownVendorId',
    });
  });

  it('TC_066 composite schedule, TC_067 clear profiles, TC_057 a TxProfile relayed', async () => {
    const { send } = await booted({
      GetCompositeSchedule: (p) => ({
        status: 'Accepted',
        connectorId: p.connectorId,
        scheduleStart: new Date().toISOString(),
        chargingSchedule: {
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 11_000 }],
        },
      }),
      ClearChargingProfile: () => ({ status: 'Unknown' }),
      SetChargingProfile: () => ({ status: 'Accepted' }),
    });
    const schedule = await send('GetCompositeSchedule', { connectorId: 1, duration: 3600 });
    expect(schedule.body.response).toMatchObject({ status: 'Accepted', connectorId: 1 });
    expect((await send('ClearChargingProfile', {})).body.response).toEqual({ status: 'Unknown' });
    expect(
      (
        await send('SetChargingProfile', {
          connectorId: 0,
          csChargingProfiles: {
            chargingProfileId: 1,
            stackLevel: 0,
            chargingProfilePurpose: 'ChargePointMaxProfile',
            chargingProfileKind: 'Absolute',
            chargingSchedule: {
              startSchedule: new Date().toISOString(),
              chargingRateUnit: 'A',
              chargingSchedulePeriod: [{ startPeriod: 0, limit: 16.5 }],
            },
          },
        })
      ).body.response,
    ).toEqual({ status: 'Accepted' });
  });

  it('TC_074 a new certificate at the CSMS’s request: trigger, sign, deliver', async () => {
    const { send, station, charger } = await booted({
      ExtendedTriggerMessage: () => ({ status: 'Accepted' }),
      CertificateSigned: () => ({ status: 'Accepted' }),
    });
    expect(
      (await send('ExtendedTriggerMessage', { requestedMessage: 'SignChargePointCertificate' }))
        .body.response,
    ).toEqual({ status: 'Accepted' });
    const csr = newSigningRequest({ commonName: charger.identity }, newKeyPair());
    expect(await station.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    await until(
      () => Promise.resolve(station.received.some((m) => m.method === 'CertificateSigned')),
      (done) => done,
    );
  });

  it('TC_075 install a root certificate, TC_076 delete one by its hash', async () => {
    const hash = {
      hashAlgorithm: 'SHA256',
      issuerNameHash: 'c'.repeat(64),
      issuerKeyHash: 'd'.repeat(64),
      serialNumber: '1a2b',
    };
    const { send } = await booted({
      InstallCertificate: () => ({ status: 'Accepted' }),
      GetInstalledCertificateIds: () => ({ status: 'Accepted', certificateHashData: [hash] }),
      DeleteCertificate: () => ({ status: 'Accepted' }),
    });
    const root = newAuthority({ commonName: 'Central system root' });
    expect(
      (
        await send('InstallCertificate', {
          certificateType: 'CentralSystemRootCertificate',
          certificate: root.certificatePem,
        })
      ).body.response,
    ).toEqual({ status: 'Accepted' });
    const ids = await send('GetInstalledCertificateIds', {
      certificateType: 'CentralSystemRootCertificate',
    });
    expect(ids.body.response).toEqual({ status: 'Accepted', certificateHashData: [hash] });
    expect((await send('DeleteCertificate', { certificateHashData: hash })).body.response).toEqual({
      status: 'Accepted',
    });
  });

  it('TC_077 an invalid charge point certificate, TC_079 the security log: on record', async () => {
    const { send, station, charger } = await booted({
      GetLog: () => ({ status: 'Accepted', filename: 'security.log' }),
    });
    expect(
      await station.call('SecurityEventNotification', {
        type: 'InvalidChargePointCertificate',
        timestamp: new Date().toISOString(),
      }),
    ).toEqual({});
    expect(
      (
        await send('GetLog', {
          logType: 'SecurityLog',
          requestId: 5,
          log: { remoteLocation: 'https://logs.example/upload' },
        })
      ).body.response,
    ).toEqual({ status: 'Accepted', filename: 'security.log' });
    for (const status of ['Uploading', 'Uploaded'])
      await station.call('LogStatusNotification', { status, requestId: 5 });
    expect((await noticesOf(charger.id)).sort()).toEqual([
      'log:Uploaded',
      'log:Uploading',
      'security:InvalidChargePointCertificate',
    ]);
  });

  it('TC_080 a secure firmware update: signed, then its states on record', async () => {
    const { send, station, charger } = await booted({
      SignedUpdateFirmware: () => ({ status: 'Accepted' }),
    });
    const signer = newAuthority({ commonName: 'Firmware signer' });
    expect(
      (
        await send('SignedUpdateFirmware', {
          requestId: 9,
          firmware: {
            location: 'https://firmware.example/fw-2.1.bin',
            retrieveDateTime: new Date().toISOString(),
            signingCertificate: signer.certificatePem,
            signature: 'c2lnbmF0dXJl',
          },
        })
      ).body.response,
    ).toEqual({ status: 'Accepted' });
    for (const status of ['Downloading', 'Downloaded', 'SignatureVerified', 'Installed'])
      await station.call('SignedFirmwareStatusNotification', { status, requestId: 9 });
    expect(await noticesOf(charger.id)).toContain('firmware:SignatureVerified');
  });
});
