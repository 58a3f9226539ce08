import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerConnectors, chargerNotices } from '../../db/schema/index.ts';
import { newAuthority, newKeyPair, newSigningRequest } from '../../lib/certificates.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot201,
  listen,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { until } from '../../test/stations.ts';

// The CSMS side of the OCPP 2.0.1 compliance test cases (the OCTT test case document), by
// functional block, where they apply to a CSMS: the charger is scripted to play its part, the
// operator's calls go through the command route, and each case checks what the CSMS sends,
// answers and records. Transactions, tokens, cost, Plug & Charge and security profiles have
// their own files (robustness, other-makes, id-tags, master-pass, plug-and-charge,
// security-profiles, certificates, power-sharing).

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

async function booted(handlers: Handlers = {}) {
  const charger = await registerCharger(t.app);
  const station = await scriptedCharger(url, charger.identity, {
    protocol: 'ocpp2.0.1',
    handlers,
  });
  open.push(station);
  await boot201(station);
  const send = async (action: string, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chargers/${charger.identity}/ocpp/${action}`,
      headers: bearer(charger.operatorToken),
      payload,
    });
    return { status: res.statusCode, response: res.json<{ response?: unknown }>().response };
  };
  return { charger, station, send };
}

const noticesOf = async (chargerId: string) =>
  (
    await t.app.ctx.db.select().from(chargerNotices).where(eq(chargerNotices.chargerId, chargerId))
  ).map((n) => `${n.kind}:${n.type}`);

const now = () => new Date().toISOString();
const component = (name: string, variable: string) => ({
  component: { name },
  variable: { name: variable },
});

describe('OCPP 2.0.1 compliance cases, the CSMS side', () => {
  it('B01 cold boot: Accepted with the interval; statuses and heartbeats taken', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    open.push(station);
    const boot = await station.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'M2', vendorName: 'Other', firmwareVersion: '2.0.0' },
    });
    expect(boot).toMatchObject({
      status: 'Accepted',
      interval: t.app.ctx.config.OCPP_HEARTBEAT_SECONDS,
    });
    expect(
      await station.call('StatusNotification', {
        timestamp: now(),
        connectorStatus: 'Available',
        evseId: 1,
        connectorId: 1,
      }),
    ).toEqual({});
    expect((await station.call('Heartbeat', {})).currentTime).toEqual(expect.any(String));
    const [row] = await t.app.ctx.db
      .select()
      .from(chargerConnectors)
      .where(eq(chargerConnectors.chargerId, charger.id));
    expect(row?.status).toBe('Available');
  });

  it('B06/B07 get and set variables, B08 an unknown component, B09 a base report', async () => {
    const { send, station } = await booted({
      GetVariables: (p) => ({
        getVariableResult: (p.getVariableData as ReturnType<typeof component>[]).map((d) =>
          d.component.name === 'OCPPCommCtrlr'
            ? { ...d, attributeStatus: 'Accepted', attributeValue: '300' }
            : { ...d, attributeStatus: 'UnknownComponent' },
        ),
      }),
      SetVariables: (p) => ({
        setVariableResult: (p.setVariableData as ReturnType<typeof component>[]).map((d) => ({
          component: d.component,
          variable: d.variable,
          attributeStatus: 'Accepted',
        })),
      }),
      GetBaseReport: () => ({ status: 'Accepted' }),
    });
    const got = await send('GetVariables', {
      getVariableData: [
        component('OCPPCommCtrlr', 'HeartbeatInterval'),
        component('NoSuchCtrlr', 'Nothing'),
      ],
    });
    expect(got.response).toEqual({
      getVariableResult: [
        {
          ...component('OCPPCommCtrlr', 'HeartbeatInterval'),
          attributeStatus: 'Accepted',
          attributeValue: '300',
        },
        { ...component('NoSuchCtrlr', 'Nothing'), attributeStatus: 'UnknownComponent' },
      ],
    });
    const set = await send('SetVariables', {
      setVariableData: [
        { ...component('OCPPCommCtrlr', 'HeartbeatInterval'), attributeValue: '120' },
      ],
    });
    expect(set.response).toMatchObject({ setVariableResult: [{ attributeStatus: 'Accepted' }] });
    expect(
      (await send('GetBaseReport', { requestId: 1, reportBase: 'FullInventory' })).response,
    ).toEqual({
      status: 'Accepted',
    });
    // The report follows as NotifyReport, taken.
    expect(
      await station.call('NotifyReport', {
        requestId: 1,
        generatedAt: now(),
        seqNo: 0,
        tbc: false,
      }),
    ).toEqual({});
  });

  it('B11/B12 reset, G03/G04 change availability of an EVSE', async () => {
    const { send } = await booted({
      Reset: (p) => ({ status: p.type === 'OnIdle' ? 'Scheduled' : 'Accepted' }),
      ChangeAvailability: () => ({ status: 'Accepted' }),
    });
    expect((await send('Reset', { type: 'Immediate' })).response).toEqual({ status: 'Accepted' });
    expect((await send('Reset', { type: 'OnIdle', evseId: 1 })).response).toEqual({
      status: 'Scheduled',
    });
    expect(
      (await send('ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 1 } }))
        .response,
    ).toEqual({ status: 'Accepted' });
    // The 1.6 form of the call is refused before it is sent.
    expect((await send('ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).status).toBe(
      422,
    );
  });

  it('C11 clear the authorization cache, D01 a full local list (none yet), D02 its version', async () => {
    const { send, charger } = await booted({
      ClearCache: () => ({ status: 'Accepted' }),
      SendLocalList: () => ({ status: 'Accepted' }),
      GetLocalListVersion: () => ({ versionNumber: 1 }),
    });
    expect((await send('ClearCache')).response).toEqual({ status: 'Accepted' });
    const list = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${charger.identity}/local-list`,
      headers: bearer(charger.operatorToken),
    });
    expect(list.json()).toMatchObject({ version: 1 });
    expect((await send('GetLocalListVersion')).response).toEqual({ versionNumber: 1 });
  });

  it('F05 unlock, F06 trigger, F03 a stop for a transaction the charger does not know', async () => {
    const { send } = await booted({
      UnlockConnector: () => ({ status: 'Unlocked' }),
      TriggerMessage: (p) => ({
        status: p.requestedMessage === 'SignV2GCertificate' ? 'Rejected' : 'Accepted',
      }),
      RequestStopTransaction: () => ({ status: 'Rejected' }),
    });
    expect((await send('UnlockConnector', { evseId: 1, connectorId: 1 })).response).toEqual({
      status: 'Unlocked',
    });
    expect(
      (
        await send('TriggerMessage', {
          requestedMessage: 'StatusNotification',
          evse: { id: 1, connectorId: 1 },
        })
      ).response,
    ).toEqual({
      status: 'Accepted',
    });
    expect(
      (await send('TriggerMessage', { requestedMessage: 'SignV2GCertificate' })).response,
    ).toEqual({
      status: 'Rejected',
    });
    expect((await send('RequestStopTransaction', { transactionId: 'NOPE' })).response).toEqual({
      status: 'Rejected',
    });
  });

  it('H01 reserve, H02 cancel, H04 a reservation that expired: on record', async () => {
    const { send, station, charger } = await booted({
      ReserveNow: () => ({ status: 'Accepted' }),
      CancelReservation: () => ({ status: 'Rejected' }),
    });
    expect(
      (
        await send('ReserveNow', {
          id: 21,
          expiryDateTime: new Date(Date.now() + 10 * 60_000).toISOString(),
          idToken: { idToken: 'RESERVE2', type: 'ISO14443' },
          evseId: 1,
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    expect((await send('CancelReservation', { reservationId: 99 })).response).toEqual({
      status: 'Rejected',
    });
    await station.call('ReservationStatusUpdate', {
      reservationId: 21,
      reservationUpdateStatus: 'Expired',
    });
    expect(await noticesOf(charger.id)).toContain('reservation:Expired');
  });

  it('K01 a profile set, K09 profiles reported, K10 cleared, K08 a composite schedule', async () => {
    const { send, station, charger } = await booted({
      SetChargingProfile: () => ({ status: 'Accepted' }),
      GetChargingProfiles: () => ({ status: 'Accepted' }),
      ClearChargingProfile: () => ({ status: 'Accepted' }),
      GetCompositeSchedule: (p) => ({
        status: 'Accepted',
        schedule: {
          evseId: p.evseId,
          duration: p.duration,
          scheduleStart: now(),
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
        },
      }),
    });
    const profile = {
      id: 5,
      stackLevel: 0,
      chargingProfilePurpose: 'ChargingStationMaxProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: [
        {
          id: 1,
          startSchedule: now(),
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 32 }],
        },
      ],
    };
    expect(
      (await send('SetChargingProfile', { evseId: 0, chargingProfile: profile })).response,
    ).toEqual({
      status: 'Accepted',
    });
    expect(
      (
        await send('GetChargingProfiles', {
          requestId: 3,
          chargingProfile: { chargingProfilePurpose: 'ChargingStationMaxProfile' },
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    expect(
      await station.call('ReportChargingProfiles', {
        requestId: 3,
        chargingLimitSource: 'CSO',
        evseId: 0,
        chargingProfile: [profile],
        tbc: false,
      }),
    ).toEqual({});
    expect((await send('ClearChargingProfile', { chargingProfileId: 5 })).response).toEqual({
      status: 'Accepted',
    });
    expect(
      (await send('GetCompositeSchedule', { duration: 3600, evseId: 1 })).response,
    ).toMatchObject({
      status: 'Accepted',
    });
    expect(await noticesOf(charger.id)).toContain('report:ReportChargingProfiles');
  });

  it('L01 a firmware update and its states, L03 publish, L04 unpublish', async () => {
    const { send, station, charger } = await booted({
      UpdateFirmware: () => ({ status: 'Accepted' }),
      PublishFirmware: () => ({ status: 'Accepted' }),
      UnpublishFirmware: () => ({ status: 'Unpublished' }),
    });
    const signer = newAuthority({ commonName: 'Firmware signer' });
    expect(
      (
        await send('UpdateFirmware', {
          requestId: 7,
          firmware: {
            location: 'https://firmware.example/fw-3.0.bin',
            retrieveDateTime: now(),
            signingCertificate: signer.certificatePem,
            signature: 'c2lnbmF0dXJl',
          },
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    for (const status of [
      'Downloading',
      'Downloaded',
      'SignatureVerified',
      'Installing',
      'Installed',
    ])
      expect(await station.call('FirmwareStatusNotification', { status, requestId: 7 })).toEqual(
        {},
      );
    expect(
      (
        await send('PublishFirmware', {
          location: 'https://firmware.example/fw-3.0.bin',
          checksum: 'a'.repeat(32),
          requestId: 8,
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    await station.call('PublishFirmwareStatusNotification', {
      status: 'Published',
      requestId: 8,
      location: ['http://local/fw'],
    });
    expect((await send('UnpublishFirmware', { checksum: 'a'.repeat(32) })).response).toEqual({
      status: 'Unpublished',
    });
    const notices = await noticesOf(charger.id);
    expect(notices).toContain('firmware:Installed');
    expect(notices).toContain('firmware:Published');
  });

  it('M01-M05 certificates: install, list, delete, and a signed certificate on request', async () => {
    const hash = {
      hashAlgorithm: 'SHA256',
      issuerNameHash: 'e'.repeat(64),
      issuerKeyHash: 'f'.repeat(64),
      serialNumber: '3c4d',
    };
    const { send, station, charger } = await booted({
      InstallCertificate: () => ({ status: 'Accepted' }),
      GetInstalledCertificateIds: () => ({
        status: 'Accepted',
        certificateHashDataChain: [
          { certificateType: 'CSMSRootCertificate', certificateHashData: hash },
        ],
      }),
      DeleteCertificate: () => ({ status: 'Accepted' }),
      TriggerMessage: () => ({ status: 'Accepted' }),
      CertificateSigned: () => ({ status: 'Accepted' }),
    });
    const root = newAuthority({ commonName: 'CSMS root' });
    expect(
      (
        await send('InstallCertificate', {
          certificateType: 'CSMSRootCertificate',
          certificate: root.certificatePem,
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    expect(
      (await send('GetInstalledCertificateIds', { certificateType: ['CSMSRootCertificate'] }))
        .response,
    ).toMatchObject({ status: 'Accepted' });
    expect((await send('DeleteCertificate', { certificateHashData: hash })).response).toEqual({
      status: 'Accepted',
    });
    expect(
      (await send('TriggerMessage', { requestedMessage: 'SignChargingStationCertificate' }))
        .response,
    ).toEqual({ status: 'Accepted' });
    const csr = newSigningRequest({ commonName: charger.identity }, newKeyPair());
    expect(
      await station.call('SignCertificate', { csr, certificateType: 'ChargingStationCertificate' }),
    ).toEqual({ status: 'Accepted' });
    const signed = await until(
      () => Promise.resolve(station.received.find((m) => m.method === 'CertificateSigned')),
      (m) => m !== undefined,
    );
    expect(signed?.params.certificateType).toBe('ChargingStationCertificate');
  });

  it('N01 a log, N02-N06 monitoring, N09 customer information: the calls and their reports', async () => {
    const { send, station, charger } = await booted({
      GetLog: () => ({ status: 'Accepted', filename: 'diag.log' }),
      SetVariableMonitoring: (p) => ({
        setMonitoringResult: (
          p.setMonitoringData as {
            type: string;
            severity: number;
            component: unknown;
            variable: unknown;
          }[]
        ).map((d) => ({
          status: 'Accepted',
          type: d.type,
          severity: d.severity,
          component: d.component,
          variable: d.variable,
          id: 1,
        })),
      }),
      SetMonitoringBase: () => ({ status: 'Accepted' }),
      SetMonitoringLevel: () => ({ status: 'Accepted' }),
      GetMonitoringReport: () => ({ status: 'Accepted' }),
      ClearVariableMonitoring: () => ({ clearMonitoringResult: [{ status: 'Accepted', id: 1 }] }),
      CustomerInformation: () => ({ status: 'Accepted' }),
    });
    expect(
      (
        await send('GetLog', {
          logType: 'DiagnosticsLog',
          requestId: 4,
          log: { remoteLocation: 'https://logs.example/' },
        })
      ).response,
    ).toEqual({ status: 'Accepted', filename: 'diag.log' });
    await station.call('LogStatusNotification', { status: 'Uploaded', requestId: 4 });
    expect(
      (
        await send('SetVariableMonitoring', {
          setMonitoringData: [
            { value: 1, type: 'Delta', severity: 5, ...component('EVSE', 'Power') },
          ],
        })
      ).response,
    ).toMatchObject({ setMonitoringResult: [{ status: 'Accepted' }] });
    expect((await send('SetMonitoringBase', { monitoringBase: 'All' })).response).toEqual({
      status: 'Accepted',
    });
    expect((await send('SetMonitoringLevel', { severity: 4 })).response).toEqual({
      status: 'Accepted',
    });
    expect((await send('GetMonitoringReport', { requestId: 6 })).response).toEqual({
      status: 'Accepted',
    });
    await station.call('NotifyMonitoringReport', {
      requestId: 6,
      seqNo: 0,
      generatedAt: now(),
      tbc: false,
    });
    expect((await send('ClearVariableMonitoring', { id: [1] })).response).toMatchObject({
      clearMonitoringResult: [{ status: 'Accepted' }],
    });
    expect(
      (
        await send('CustomerInformation', {
          requestId: 9,
          report: true,
          clear: false,
          idToken: { idToken: 'CUST1', type: 'ISO14443' },
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    await station.call('NotifyCustomerInformation', {
      data: 'none',
      seqNo: 0,
      generatedAt: now(),
      requestId: 9,
      tbc: false,
    });
    await station.call('NotifyEvent', {
      generatedAt: now(),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: now(),
          trigger: 'Delta',
          actualValue: '7000',
          eventNotificationType: 'CustomMonitor',
          ...component('EVSE', 'Power'),
        },
      ],
    });
    const notices = await noticesOf(charger.id);
    expect(notices).toEqual(
      expect.arrayContaining([
        'log:Uploaded',
        'report:NotifyMonitoringReport',
        'report:NotifyCustomerInformation',
      ]),
    );
  });

  it('O01-O04 display messages: set, get with its report, clear', async () => {
    const { send, station, charger } = await booted({
      SetDisplayMessage: () => ({ status: 'Accepted' }),
      GetDisplayMessages: () => ({ status: 'Accepted' }),
      ClearDisplayMessage: () => ({ status: 'Accepted' }),
    });
    const message = {
      id: 12,
      priority: 'NormalCycle',
      message: { format: 'UTF8', content: 'Vælkomin til Støð', language: 'fo' },
    };
    expect((await send('SetDisplayMessage', { message })).response).toEqual({ status: 'Accepted' });
    expect((await send('GetDisplayMessages', { requestId: 13 })).response).toEqual({
      status: 'Accepted',
    });
    expect(
      await station.call('NotifyDisplayMessages', {
        requestId: 13,
        messageInfo: [message],
        tbc: false,
      }),
    ).toEqual({});
    expect((await send('ClearDisplayMessage', { id: 12 })).response).toEqual({
      status: 'Accepted',
    });
    expect(await noticesOf(charger.id)).toContain('report:NotifyDisplayMessages');
  });

  it('P01/P02 data transfer both ways, and B10 a network profile', async () => {
    const { send, station, charger } = await booted({
      DataTransfer: () => ({ status: 'UnknownVendorId' }),
      SetNetworkProfile: () => ({ status: 'Accepted' }),
    });
    expect((await send('DataTransfer', { vendorId: 'fo.stod' })).response).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await station.call('DataTransfer', { vendorId: 'com.other' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(
      (
        await send('SetNetworkProfile', {
          configurationSlot: 2,
          connectionData: {
            ocppVersion: 'OCPP20',
            ocppTransport: 'JSON',
            ocppCsmsUrl: 'wss://app.stod.example/ocpp',
            messageTimeout: 30,
            securityProfile: 2,
            ocppInterface: 'Wired0',
            apn: {
              apn: 'internet.fo',
              apnPassword: 'apn-secret-1',
              simPin: 4321,
              apnAuthentication: 'CHAP',
            },
          },
        })
      ).response,
    ).toEqual({ status: 'Accepted' });
    // The command log keeps no secret of it.
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.body).not.toContain('apn-secret-1');
    expect(log.body).not.toContain('4321');
    expect(log.body).toContain('internet.fo');
  });
});
