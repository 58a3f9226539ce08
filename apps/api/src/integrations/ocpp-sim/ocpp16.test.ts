import { afterEach, describe, expect, it } from 'vitest';
import { SimChargerUnknown, startChargerFleet, type ChargerFleetOptions } from './index.ts';
import {
  testCsms,
  until,
  type CsmsCall,
  type TestCsms,
  type TestCsmsOptions,
} from './test-csms.ts';

const AC = 'SIM-AC-1';
const DC = 'SIM-DC-1';
const open: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function setup(
  fleetOptions: Partial<ChargerFleetOptions> = {},
  csmsOptions: TestCsmsOptions = {},
) {
  const csms = await testCsms(csmsOptions);
  open.push(csms);
  const warnings: unknown[][] = [];
  const fleet = startChargerFleet({
    url: csms.url,
    chargers: [{ identity: AC, protocol: 'ocpp1.6', connectors: 2, maxPowerKw: 22 }],
    speed: 100,
    autoPlug: false,
    log: { info: () => undefined, warn: (...args) => warnings.push(args) },
    ...fleetOptions,
  });
  open.push(fleet);
  return { csms, fleet, warnings };
}

type SampledValue = { value: string; measurand: string; unit: string; context: string };
const samples = (call: CsmsCall) =>
  (call.params.meterValue as { sampledValue: SampledValue[] }[]).flatMap((m) => m.sampledValue);
const reading = (call: CsmsCall, measurand: string) =>
  Number(samples(call).find((s) => s.measurand === measurand)?.value);
const statuses = (csms: TestCsms, identity: string, connectorId: number) =>
  csms
    .of(identity, 'StatusNotification')
    .filter((c) => c.params.connectorId === connectorId)
    .map((c) => c.params.status);
const lastStatus = (csms: TestCsms, identity: string, connectorId: number) =>
  statuses(csms, identity, connectorId).at(-1);

/** Remote start at connector 1, the car plugged in: the StartTransaction the backend got. */
async function charging(csms: TestCsms, fleet: ReturnType<typeof startChargerFleet>, tag: string) {
  const answer = await csms.call(AC, 'RemoteStartTransaction', { connectorId: 1, idTag: tag });
  expect(answer).toEqual({ status: 'Accepted' });
  await until('Preparing', () => lastStatus(csms, AC, 1) === 'Preparing');
  const plugged = await fleet.act(AC, 1, 'plug');
  expect(plugged.connectors[0]).toMatchObject({ status: 'Charging', plugged: true });
  return until('StartTransaction', () =>
    csms.of(AC, 'StartTransaction').find((c) => c.params.idTag === tag),
  );
}

describe('a simulated OCPP 1.6J charger', () => {
  it('boots with its password, reports every connector and heartbeats', async () => {
    const { csms, fleet, warnings } = await setup(
      {
        chargers: [
          {
            identity: AC,
            password: 'a-password-of-16+',
            protocol: 'ocpp1.6',
            connectors: 2,
            maxPowerKw: 22,
          },
        ],
      },
      { interval: 1, passwords: { [AC]: 'a-password-of-16+' } },
    );
    await fleet.ready(5_000);
    expect(csms.of(AC, 'BootNotification')).toHaveLength(1);
    expect(csms.of(AC, 'BootNotification')[0]?.params).toMatchObject({
      chargePointVendor: 'Støð',
      chargePointModel: 'Sim AC22',
    });
    await until('statuses', () => csms.of(AC, 'StatusNotification').length >= 3);
    expect(csms.of(AC, 'StatusNotification').map((c) => c.params)).toEqual(
      [0, 1, 2].map((connectorId): unknown =>
        expect.objectContaining({ connectorId, status: 'Available', errorCode: 'NoError' }),
      ),
    );
    await until('a heartbeat', () => csms.of(AC, 'Heartbeat').length > 0);
    expect(fleet.state()).toEqual([
      {
        identity: AC,
        protocol: 'ocpp1.6',
        connected: true,
        connectors: [1, 2].map((connectorId) => ({
          connectorId,
          status: 'Available',
          plugged: false,
          transactionId: null,
          energyWh: 0,
          powerW: 0,
          soc: null,
        })),
      },
    ]);
    expect(csms.failures).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('never gets in with a wrong password', async () => {
    const { csms, fleet } = await setup(
      {
        chargers: [
          {
            identity: AC,
            password: 'not-the-right-one',
            protocol: 'ocpp1.6',
            connectors: 1,
            maxPowerKw: 11,
          },
        ],
      },
      { passwords: { [AC]: 'a-password-of-16+' } },
    );
    await expect(fleet.ready(300)).rejects.toThrow('1 of 1 simulated chargers');
    expect(csms.calls).toEqual([]);
    expect(fleet.state()[0]?.connected).toBe(false);
  });

  it('charges on a remote start once the car is in, meters, and stops remotely', async () => {
    const { csms, fleet, warnings } = await setup();
    await fleet.ready(5_000);
    const start = await charging(csms, fleet, 'CHARGE-1');
    expect(start.params).toEqual({
      connectorId: 1,
      idTag: 'CHARGE-1',
      meterStart: expect.any(Number),
      timestamp: expect.any(String),
    });
    await until('Charging', () => lastStatus(csms, AC, 1) === 'Charging');

    const meters = await until('three readings', () => {
      const found = csms.of(AC, 'MeterValues');
      return found.length >= 3 && found;
    });
    expect(meters.every((m) => m.params.transactionId === 1 && m.params.connectorId === 1)).toBe(
      true,
    );
    const energy = meters.map((m) => reading(m, 'Energy.Active.Import.Register'));
    expect(energy[0]).toBeGreaterThan(start.params.meterStart as number);
    for (let i = 1; i < energy.length; i++)
      expect(energy[i]).toBeGreaterThan(energy[i - 1] as number);
    for (const m of meters) {
      expect(samples(m).map((s) => [s.measurand, s.unit, s.context])).toEqual([
        ['Energy.Active.Import.Register', 'Wh', 'Sample.Periodic'],
        ['Power.Active.Import', 'W', 'Sample.Periodic'],
      ]);
      // An 11 or a 22 kW car, within the ±2 % the draw wavers by.
      const power = reading(m, 'Power.Active.Import');
      expect([11_000, 22_000].some((w) => Math.abs(power - w) <= w * 0.02 + 1)).toBe(true);
    }
    expect(fleet.state()[0]?.connectors[0]).toMatchObject({
      status: 'Charging',
      transactionId: '1',
      energyWh: expect.any(Number),
    });

    expect(await csms.call(AC, 'RemoteStopTransaction', { transactionId: 99 })).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call(AC, 'RemoteStopTransaction', { transactionId: 1 })).toEqual({
      status: 'Accepted',
    });
    const stop = await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
    const lastEnergy = Math.max(
      ...csms.of(AC, 'MeterValues').map((m) => reading(m, 'Energy.Active.Import.Register')),
    );
    expect(stop.params).toMatchObject({ transactionId: 1, idTag: 'CHARGE-1', reason: 'Remote' });
    expect(stop.params.meterStop).toBeGreaterThanOrEqual(lastEnergy);
    await until('Finishing', () => lastStatus(csms, AC, 1) === 'Finishing');
    const state = fleet.state()[0]?.connectors[0];
    expect(state).toMatchObject({
      status: 'Finishing',
      plugged: true,
      transactionId: null,
      powerW: 0,
    });
    expect(state?.energyWh).toBe(
      (stop.params.meterStop as number) - (start.params.meterStart as number),
    );

    await fleet.act(AC, 1, 'unplug');
    await until('Available', () => lastStatus(csms, AC, 1) === 'Available');
    expect(csms.failures).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('draws no more than a TxProfile allows, in W or in A, until it is cleared', async () => {
    const { csms, fleet } = await setup();
    await fleet.ready(5_000);
    await charging(csms, fleet, 'LIMITED-1');
    const profile = (limit: number, unit: 'W' | 'A', transactionId = 1) => ({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        transactionId,
        chargingSchedule: {
          chargingRateUnit: unit,
          chargingSchedulePeriod: [{ startPeriod: 0, limit }],
        },
      },
    });
    const power = () => fleet.state()[0]?.connectors[0]?.powerW ?? -1;
    expect(await csms.call(AC, 'SetChargingProfile', profile(5_000, 'W', 42))).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call(AC, 'SetChargingProfile', profile(5_000, 'W'))).toEqual({
      status: 'Accepted',
    });
    expect(power()).toBeLessThanOrEqual(5_000);
    const limited = await until('a limited reading', () =>
      csms
        .of(AC, 'MeterValues')
        .map((m) => reading(m, 'Power.Active.Import'))
        .find((w) => w <= 5_000),
    );
    expect(limited).toBeGreaterThan(4_800);
    // 8 A on three phases at 230 V: 5 520 W.
    expect(await csms.call(AC, 'SetChargingProfile', profile(8, 'A'))).toEqual({
      status: 'Accepted',
    });
    expect(power()).toBeLessThanOrEqual(5_520);
    expect(await csms.call(AC, 'ClearChargingProfile', { id: 7 })).toEqual({ status: 'Accepted' });
    expect(power()).toBeGreaterThan(5_520);
  });

  it('refuses a remote start at a busy or faulted connector, and clears a fault by plug and unplug', async () => {
    const { csms, fleet } = await setup();
    await fleet.ready(5_000);
    await charging(csms, fleet, 'BUSY-1');
    const again = { connectorId: 1, idTag: 'BUSY-2' };
    expect(await csms.call(AC, 'RemoteStartTransaction', again)).toEqual({ status: 'Rejected' });
    expect(
      await csms.call(AC, 'RemoteStartTransaction', { connectorId: 9, idTag: 'NOWHERE' }),
    ).toEqual({ status: 'Rejected' });

    // A fault stops the running transaction.
    const faulted = await fleet.act(AC, 1, 'fault');
    expect(faulted.connectors[0]).toMatchObject({ status: 'Faulted', transactionId: null });
    const stop = await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
    expect(stop.params).toMatchObject({ reason: 'Other' });
    await until('Faulted', () => lastStatus(csms, AC, 1) === 'Faulted');
    expect(csms.of(AC, 'StatusNotification').at(-1)?.params).toMatchObject({
      errorCode: 'GroundFailure',
    });

    await fleet.act(AC, 2, 'unavailable');
    await until('Unavailable', () => lastStatus(csms, AC, 2) === 'Unavailable');
    for (const connectorId of [1, 2])
      expect(await csms.call(AC, 'RemoteStartTransaction', { connectorId, idTag: 'X' })).toEqual({
        status: 'Rejected',
      });

    // The car leaves: still faulted. A plug-in and an unplug clear it.
    expect((await fleet.act(AC, 1, 'unplug')).connectors[0]?.status).toBe('Faulted');
    await fleet.act(AC, 1, 'plug');
    expect((await fleet.act(AC, 1, 'unplug')).connectors[0]?.status).toBe('Available');
    await until('Available', () => lastStatus(csms, AC, 1) === 'Available');
    expect(csms.of(AC, 'StatusNotification').at(-1)?.params).toMatchObject({
      errorCode: 'NoError',
    });
    await fleet.act(AC, 2, 'plug');
    expect((await fleet.act(AC, 2, 'unplug')).connectors[1]?.status).toBe('Available');
    expect(
      await csms.call(AC, 'RemoteStartTransaction', { connectorId: 2, idTag: 'AFTER' }),
    ).toEqual({ status: 'Accepted' });

    await expect(fleet.act('NOBODY', 1, 'plug')).rejects.toBeInstanceOf(SimChargerUnknown);
    await expect(fleet.act(AC, 3, 'plug')).rejects.toBeInstanceOf(SimChargerUnknown);
    expect(csms.failures).toEqual([]);
  });

  it('keeps charging offline and sends what it queued, without booting, once back online', async () => {
    const { csms, fleet } = await setup();
    await fleet.ready(5_000);
    await charging(csms, fleet, 'AWAY-1');
    await until('a reading', () => csms.of(AC, 'MeterValues').length > 0);

    const away = await fleet.act(AC, 1, 'offline');
    expect(away.connected).toBe(false);
    await until('the backend sees it gone', () => !csms.isConnected(AC));
    const heard = csms.calls.length;
    const before = away.connectors[0]?.energyWh ?? 0;
    // Several meter intervals pass while the charger is away (a 22 kW car takes ~61 Wh in one).
    await until(
      'energy offline',
      () => (fleet.state()[0]?.connectors[0]?.energyWh ?? 0) > before + 400,
    );
    const gone = await fleet.act(AC, 1, 'unplug');
    expect(gone.connectors[0]).toMatchObject({ status: 'Available', plugged: false });
    expect(csms.calls.length).toBe(heard);

    const back = await fleet.act(AC, 1, 'online');
    expect(back.connected).toBe(true);
    const stop = await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
    await until('Available', () => lastStatus(csms, AC, 1) === 'Available');
    const replayed = csms.calls.slice(heard);
    expect(replayed.every((c) => c.connection === 2)).toBe(true);
    expect(replayed.map((c) => c.method)).not.toContain('BootNotification');
    const meters = replayed.filter((c) => c.method === 'MeterValues');
    expect(meters.length).toBeGreaterThanOrEqual(2);
    // In order: the readings, then the stop, then the connector's status.
    const methods = replayed.map((c) => c.method);
    expect(methods.lastIndexOf('MeterValues')).toBeLessThan(methods.indexOf('StopTransaction'));
    expect(methods.indexOf('StopTransaction')).toBeLessThan(
      methods.lastIndexOf('StatusNotification'),
    );
    expect(stop.params).toMatchObject({ transactionId: 1, reason: 'EVDisconnected' });
    const energies = meters.map((m) => reading(m, 'Energy.Active.Import.Register'));
    expect(stop.params.meterStop).toBeGreaterThanOrEqual(Math.max(...energies));
    expect(csms.of(AC, 'BootNotification')).toHaveLength(1);
    expect(csms.failures).toEqual([]);
  });

  it('comes back by itself after the backend drops it, without booting again', async () => {
    const { csms, fleet } = await setup();
    await fleet.ready(5_000);
    await charging(csms, fleet, 'DROP-1');
    await csms.drop(AC);
    await until('a reading on the new connection', () =>
      csms.of(AC, 'MeterValues').some((m) => m.connection === 2),
    );
    expect(csms.of(AC, 'BootNotification')).toHaveLength(1);
    expect(fleet.state()[0]?.connected).toBe(true);
    expect(await csms.call(AC, 'RemoteStopTransaction', { transactionId: 1 })).toEqual({
      status: 'Accepted',
    });
    await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
  });

  it('answers TriggerMessage', async () => {
    const { csms, fleet } = await setup();
    await fleet.ready(5_000);
    await until('statuses', () => csms.of(AC, 'StatusNotification').length >= 3);
    const heard = csms.calls.length;
    const trigger = (requestedMessage: string, connectorId?: number) =>
      csms.call(AC, 'TriggerMessage', {
        requestedMessage,
        ...(connectorId === undefined ? {} : { connectorId }),
      });

    expect(await trigger('StatusNotification', 1)).toEqual({ status: 'Accepted' });
    const status = await until('the triggered status', () =>
      csms.calls.slice(heard).find((c) => c.method === 'StatusNotification'),
    );
    expect(status.params).toMatchObject({ connectorId: 1, status: 'Available' });

    expect(await trigger('MeterValues', 2)).toEqual({ status: 'Accepted' });
    const meter = await until('the triggered reading', () =>
      csms.calls.slice(heard).find((c) => c.method === 'MeterValues'),
    );
    expect(meter.params).toMatchObject({ connectorId: 2 });
    expect(samples(meter).every((s) => s.context === 'Trigger')).toBe(true);

    expect(await trigger('Heartbeat')).toEqual({ status: 'Accepted' });
    await until('the heartbeat', () =>
      csms.calls.slice(heard).some((c) => c.method === 'Heartbeat'),
    );
    expect(await trigger('StatusNotification', 7)).toEqual({ status: 'Rejected' });
    expect(await trigger('DiagnosticsStatusNotification')).toEqual({ status: 'NotImplemented' });
    expect(csms.failures).toEqual([]);
  });

  it('plugs the car in and out by itself in demo mode', async () => {
    const { csms, fleet } = await setup({ autoPlug: true });
    await fleet.ready(5_000);
    await csms.call(AC, 'RemoteStartTransaction', { connectorId: 2, idTag: 'DEMO' });
    const start = await until('StartTransaction', () => csms.of(AC, 'StartTransaction')[0]);
    expect(start.params).toMatchObject({ connectorId: 2, idTag: 'DEMO' });
    await until('a reading', () => csms.of(AC, 'MeterValues').length > 0);
    await csms.call(AC, 'RemoteStopTransaction', { transactionId: 1 });
    await until('Finishing', () => statuses(csms, AC, 2).includes('Finishing'));
    await until('Available again', () => lastStatus(csms, AC, 2) === 'Available');
    expect(fleet.state()[0]?.connectors[1]).toMatchObject({ plugged: false, status: 'Available' });
  });

  it('lets a remote start lapse when no car comes, and stops a refused tag', async () => {
    const { csms, fleet } = await setup({}, { refusedTags: ['STOLEN'] });
    await fleet.ready(5_000);
    await csms.call(AC, 'RemoteStartTransaction', { connectorId: 1, idTag: 'NOBODY' });
    await until('Preparing', () => lastStatus(csms, AC, 1) === 'Preparing');
    await until('Available after the timeout', () => lastStatus(csms, AC, 1) === 'Available');
    expect(csms.of(AC, 'StartTransaction')).toEqual([]);

    await csms.call(AC, 'RemoteStartTransaction', { connectorId: 2, idTag: 'STOLEN' });
    await fleet.act(AC, 2, 'plug');
    const stop = await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
    expect(stop.params).toMatchObject({ reason: 'DeAuthorized', idTag: 'STOLEN' });
  });

  it('starts nothing for a card the backend refuses, and nothing while it is offline', async () => {
    const { csms, fleet } = await setup({}, { refusedTags: ['STOLEN'] });
    await fleet.ready(5_000);
    await fleet.act(AC, 1, 'plug');
    await fleet.act(AC, 1, 'tag', 'STOLEN');
    await until('Authorize', () => csms.of(AC, 'Authorize')[0]);
    // The refusal leaves the car waiting; a card shown while the charger is away is not kept.
    await fleet.act(AC, 1, 'offline');
    await until('gone', () => !csms.isConnected(AC));
    await fleet.act(AC, 1, 'tag', 'GOOD-CARD');
    await fleet.act(AC, 1, 'online');
    await until('back', () => csms.isConnected(AC));
    await fleet.act(AC, 1, 'tag', 'GOOD-CARD');
    const start = await until('StartTransaction', () => csms.of(AC, 'StartTransaction')[0]);
    expect(start.params).toMatchObject({ connectorId: 1, idTag: 'GOOD-CARD' });
    expect(csms.of(AC, 'Authorize').map((c) => c.params.idTag)).toEqual(['STOLEN', 'GOOD-CARD']);
    expect(csms.of(AC, 'StartTransaction')).toHaveLength(1);
    // The same charger either way; its energy and power follow the clock between the two reads.
    const steady = (state: ReturnType<typeof fleet.stateOf> | undefined) => ({
      ...state,
      connectors: state?.connectors.map((c) => ({ ...c, energyWh: 0, powerW: 0 })),
    });
    expect(steady(fleet.stateOf(AC))).toEqual(steady(fleet.state()[0]));
    expect(() => fleet.stateOf('NOBODY')).toThrow(SimChargerUnknown);
  });

  it('reports a DC car’s state of charge and suspends when the battery is full', async () => {
    const { csms, fleet } = await setup({
      chargers: [{ identity: DC, protocol: 'ocpp1.6', connectors: 1, maxPowerKw: 150 }],
      speed: 1000,
      // The fullest battery the simulator brings: 80 kWh at 50 %.
      random: () => 0.999,
    });
    await fleet.ready(5_000);
    expect(csms.of(DC, 'BootNotification')[0]?.params).toMatchObject({
      chargePointModel: 'Sim DC150',
    });
    await fleet.act(DC, 1, 'plug');
    await csms.call(DC, 'RemoteStartTransaction', { connectorId: 1, idTag: 'FAST' });
    const first = await until('a reading', () => csms.of(DC, 'MeterValues')[0]);
    expect(reading(first, 'SoC')).toBeGreaterThanOrEqual(50);
    expect(reading(first, 'Power.Active.Import')).toBeGreaterThan(140_000);
    await until('SuspendedEV', () => lastStatus(csms, DC, 1) === 'SuspendedEV', 20_000);
    const full = await until('a reading when full', () =>
      csms.of(DC, 'MeterValues').find((m) => reading(m, 'SoC') === 100),
    );
    expect(reading(full, 'Power.Active.Import')).toBe(0);
    expect(fleet.state()[0]?.connectors[0]).toMatchObject({ soc: 100, powerW: 0 });
    expect(csms.failures).toEqual([]);
  });
});
