import { afterEach, describe, expect, it } from 'vitest';
import { startChargerFleet, type ChargerFleet, type ChargerFleetOptions } from './index.ts';
import { testCsms, until, type CsmsCall, type TestCsms } from './test-csms.ts';

const ID = 'SIM-201-DC';
const open: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function setup(fleetOptions: Partial<ChargerFleetOptions> = {}) {
  const csms = await testCsms();
  open.push(csms);
  const warnings: unknown[][] = [];
  const fleet = startChargerFleet({
    url: csms.url,
    chargers: [{ identity: ID, protocol: 'ocpp2.0.1', connectors: 2, maxPowerKw: 150 }],
    speed: 100,
    autoPlug: false,
    log: { info: () => undefined, warn: (...args) => warnings.push(args) },
    ...fleetOptions,
  });
  open.push(fleet);
  await fleet.ready(5_000);
  return { csms, fleet, warnings };
}

interface Sampled {
  value: number;
  measurand: string;
  context: string;
  unitOfMeasure: { unit: string };
}
interface TxEvent {
  eventType: string;
  triggerReason: string;
  seqNo: number;
  timestamp: string;
  offline?: boolean;
  transactionInfo: {
    transactionId: string;
    chargingState?: string;
    remoteStartId?: number;
    stoppedReason?: string;
  };
  evse?: { id: number; connectorId?: number };
  idToken?: { idToken: string; type: string };
  meterValue: { timestamp: string; sampledValue: Sampled[] }[];
}
const events = (csms: TestCsms) =>
  csms.of(ID, 'TransactionEvent').map((c) => c.params as unknown as TxEvent);
const energyOf = (event: TxEvent) =>
  event.meterValue
    .flatMap((m) => m.sampledValue)
    .find((s) => s.measurand === 'Energy.Active.Import.Register')?.value ?? NaN;
const statusesOf = (csms: TestCsms, evseId: number) =>
  csms
    .of(ID, 'StatusNotification')
    .filter((c: CsmsCall) => c.params.evseId === evseId)
    .map((c) => c.params.connectorStatus);

const requestStart = (csms: TestCsms, evseId: number, token: string, remoteStartId: number) =>
  csms.call(ID, 'RequestStartTransaction', {
    idToken: { idToken: token, type: 'Central' },
    evseId,
    remoteStartId,
  });

async function charging(csms: TestCsms, fleet: ChargerFleet) {
  expect(await requestStart(csms, 1, 'TOKEN-1', 7)).toEqual({ status: 'Accepted' });
  await fleet.act(ID, 1, 'plug');
  return until('Started', () => events(csms).find((e) => e.eventType === 'Started'));
}

describe('a simulated OCPP 2.0.1 charger', () => {
  it('boots and reports each EVSE', async () => {
    const { csms, warnings } = await setup();
    expect(csms.of(ID, 'BootNotification').map((c) => c.params)).toEqual([
      {
        reason: 'PowerUp',
        chargingStation: {
          model: 'Sim DC150',
          vendorName: 'Støð',
          firmwareVersion: expect.any(String),
        },
      },
    ]);
    await until('statuses', () => csms.of(ID, 'StatusNotification').length >= 2);
    expect(csms.of(ID, 'StatusNotification').map((c) => c.params)).toEqual(
      [1, 2].map((evseId) => ({
        timestamp: expect.any(String),
        connectorStatus: 'Available',
        evseId,
        connectorId: 1,
      })),
    );
    expect(csms.failures).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('starts on RequestStartTransaction when the car is in, and sends numbered events', async () => {
    const { csms, fleet, warnings } = await setup();
    const started = await charging(csms, fleet);
    expect(statusesOf(csms, 1)).toEqual(['Available', 'Occupied']);
    expect(started).toMatchObject({
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { remoteStartId: 7, chargingState: 'Charging' },
      idToken: { idToken: 'TOKEN-1', type: 'Central' },
      evse: { id: 1, connectorId: 1 },
    });
    expect(started.offline).toBeUndefined();
    const transactionId = started.transactionInfo.transactionId;
    expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fleet.state()[0]?.connectors[0]?.transactionId).toBe(transactionId);

    const updates = await until('three updates', () => {
      const found = events(csms).filter((e) => e.eventType === 'Updated');
      return found.length >= 3 && found;
    });
    for (const update of updates) {
      expect(update.triggerReason).toBe('MeterValuePeriodic');
      const sampled = update.meterValue.flatMap((m) => m.sampledValue);
      expect(sampled.map((s) => [s.measurand, s.unitOfMeasure.unit, s.context])).toEqual([
        ['Energy.Active.Import.Register', 'Wh', 'Sample.Periodic'],
        ['Power.Active.Import', 'W', 'Sample.Periodic'],
        ['SoC', 'Percent', 'Sample.Periodic'],
      ]);
    }
    const energy = updates.map(energyOf);
    expect(energy[0]).toBeGreaterThan(energyOf(started));
    for (let i = 1; i < energy.length; i++)
      expect(energy[i]).toBeGreaterThan(energy[i - 1] as number);

    expect(await csms.call(ID, 'RequestStopTransaction', { transactionId: 'nope' })).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call(ID, 'RequestStopTransaction', { transactionId })).toEqual({
      status: 'Accepted',
    });
    const ended = await until('Ended', () => events(csms).find((e) => e.eventType === 'Ended'));
    expect(ended).toMatchObject({
      triggerReason: 'RemoteStop',
      transactionInfo: { transactionId, stoppedReason: 'Remote', chargingState: 'EVConnected' },
    });
    expect(energyOf(ended)).toBeGreaterThanOrEqual(
      Math.max(...events(csms).slice(0, -1).map(energyOf)),
    );
    expect(events(csms).map((e) => e.seqNo)).toEqual(events(csms).map((_, i) => i));

    // The car is still in: Occupied until it leaves.
    await fleet.act(ID, 1, 'unplug');
    await until('Available', () => statusesOf(csms, 1).at(-1) === 'Available');
    expect(csms.failures).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('refuses a start at a busy or faulted EVSE', async () => {
    const { csms, fleet } = await setup();
    await charging(csms, fleet);
    expect(await requestStart(csms, 1, 'TOKEN-2', 8)).toEqual({ status: 'Rejected' });
    await fleet.act(ID, 2, 'fault');
    await until('Faulted', () => statusesOf(csms, 2).at(-1) === 'Faulted');
    expect(await requestStart(csms, 2, 'TOKEN-3', 9)).toEqual({ status: 'Rejected' });
    expect(await requestStart(csms, 5, 'TOKEN-4', 10)).toEqual({ status: 'Rejected' });

    await fleet.act(ID, 1, 'unavailable');
    const ended = await until('Ended', () => events(csms).find((e) => e.eventType === 'Ended'));
    expect(ended).toMatchObject({
      triggerReason: 'AbnormalCondition',
      transactionInfo: { stoppedReason: 'Other' },
    });
    await until('Unavailable', () => statusesOf(csms, 1).at(-1) === 'Unavailable');
    expect(csms.failures).toEqual([]);
  });

  it('queues its events while offline and sends them, marked offline, once back', async () => {
    const { csms, fleet } = await setup();
    const started = await charging(csms, fleet);
    await until('an update', () => events(csms).some((e) => e.eventType === 'Updated'));
    const wentAway = Date.now();
    const away = await fleet.act(ID, 1, 'offline');
    await until('the backend sees it gone', () => !csms.isConnected(ID));
    const heard = csms.calls.length;
    const before = away.connectors[0]?.energyWh ?? 0;
    // 150 kW is about 420 Wh a meter interval: a few of them pass while the charger is away.
    await until(
      'energy offline',
      () => (fleet.state()[0]?.connectors[0]?.energyWh ?? 0) > before + 2_000,
    );
    await fleet.act(ID, 1, 'unplug');
    expect(csms.calls.length).toBe(heard);

    await fleet.act(ID, 1, 'online');
    const ended = await until('Ended', () => events(csms).find((e) => e.eventType === 'Ended'));
    await until('Available', () => statusesOf(csms, 1).at(-1) === 'Available');
    const replayed = csms.calls.slice(heard);
    expect(replayed.map((c) => c.method)).not.toContain('BootNotification');
    const queued = replayed
      .filter((c) => c.method === 'TransactionEvent')
      .map((c) => c.params as unknown as TxEvent);
    // What happened while away is marked so; a call cut off by the drop goes again unmarked.
    const happenedAway = queued.filter((e) => Date.parse(e.timestamp) > wentAway);
    expect(happenedAway.length).toBeGreaterThanOrEqual(3);
    expect(happenedAway.every((e) => e.offline === true)).toBe(true);
    expect(queued.at(-1)).toBe(ended);
    expect(ended).toMatchObject({
      triggerReason: 'EVDeparted',
      transactionInfo: {
        transactionId: started.transactionInfo.transactionId,
        stoppedReason: 'EVDisconnected',
        chargingState: 'Idle',
      },
    });
    // Every event once, in order. A call whose answer was lost with the connection is sent
    // again as it was (OCPP delivers at least once; the backend knows it by its seqNo).
    const all = events(csms);
    const firsts = all.filter((e, i) => all.findIndex((f) => f.seqNo === e.seqNo) === i);
    expect(firsts.map((e) => e.seqNo)).toEqual(firsts.map((_, i) => i));
    for (const again of all.filter((e) => !firsts.includes(e))) {
      expect(again).toEqual(firsts.find((e) => e.seqNo === again.seqNo));
    }
    expect(csms.of(ID, 'BootNotification')).toHaveLength(1);
    expect(csms.failures).toEqual([]);
  });

  it('answers TriggerMessage', async () => {
    const { csms, fleet } = await setup();
    await until('statuses', () => csms.of(ID, 'StatusNotification').length >= 2);
    const heard = csms.calls.length;
    const trigger = (requestedMessage: string, evse?: number) =>
      csms.call(ID, 'TriggerMessage', {
        requestedMessage,
        ...(evse === undefined ? {} : { evse: { id: evse } }),
      });
    expect(await trigger('StatusNotification', 2)).toEqual({ status: 'Accepted' });
    const status = await until('the status', () =>
      csms.calls.slice(heard).find((c) => c.method === 'StatusNotification'),
    );
    expect(status.params).toMatchObject({ evseId: 2, connectorStatus: 'Available' });

    expect(await trigger('MeterValues', 1)).toEqual({ status: 'Accepted' });
    const meter = await until('the reading', () =>
      csms.calls.slice(heard).find((c) => c.method === 'MeterValues'),
    );
    expect(meter.params).toMatchObject({ evseId: 1 });

    expect(await trigger('TransactionEvent', 1)).toEqual({ status: 'Rejected' });
    await charging(csms, fleet);
    expect(await trigger('TransactionEvent', 1)).toEqual({ status: 'Accepted' });
    await until('the triggered update', () =>
      events(csms).some((e) => e.triggerReason === 'Trigger'),
    );
    expect(await trigger('LogStatusNotification')).toEqual({ status: 'NotImplemented' });
    expect(csms.failures).toEqual([]);
  });
});
