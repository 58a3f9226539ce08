import { DeviceCallError, DeviceOffline, type DeviceCalls } from '../device-calls/port.ts';
import { simListeners } from '../forecourt/sim-clock.ts';
import type { BeverageMachineState } from '@stod/domain';
import type {
  BeverageMachineEvent,
  BeverageMachinesWithControls,
  MachineView,
  PourAnswer,
  TransactionAnswer,
} from '../beverage-machine/port.ts';
import type { CarwashSim, SimBayView } from '../carwash/sim.ts';
import {
  CarwashError,
  type BayStatus,
  type CarwashEvent,
  type CarwashLookup,
  type CarwashRefusal,
} from '../carwash/port.ts';
import {
  ForecourtError,
  type ForecourtEvent,
  type ForecourtLookup,
  type ForecourtRefusal,
  type PumpStatus,
  type SignPrice,
} from '../forecourt/port.ts';
import type { ForecourtSim, SimPumpView } from '../forecourt/sim.ts';
import {
  handlerSlot,
  KitchenError,
  type KitchenReport,
  type KitchenSystems,
  type KitchenVerdict,
} from '../kitchen/port.ts';
import { siteKey, type SiteEventSink } from './endpoint.ts';
import { bayLookupAnswer, lookupAnswer, type PlatformCall } from './protocol.ts';

const FORECOURT_REFUSALS: readonly ForecourtRefusal[] = [
  'not_found',
  'inactive',
  'taken',
  'offline',
  'unreachable',
];
const CARWASH_REFUSALS: readonly CarwashRefusal[] = [
  'not_found',
  'busy',
  'fault',
  'offline',
  'not_ready',
  'unreachable',
];

/**
 * One call to a site, its failures in the port's own words: a site that no process holds (or
 * whose holder does not answer) is `unreachable`, never an answer about the transaction; a
 * refusal is the equipment's own reason.
 */
function caller(calls: DeviceCalls, refusals: readonly string[], make: (code: string) => Error) {
  return async <T>(site: string, action: PlatformCall, payload: object): Promise<T> => {
    try {
      return (await calls.call(siteKey(site), action, payload)) as T;
    } catch (error) {
      if (error instanceof DeviceOffline) throw make('unreachable');
      if (error instanceof DeviceCallError)
        throw make(refusals.includes(error.code) ? error.code : 'unreachable');
      throw error;
    }
  };
}

/**
 * The forecourt controllers of every site, reached over the site protocol through whichever
 * process holds each site's connection. With a simulated site the simulator page's controls go
 * the same way (`Sim.*`); a real site refuses them.
 */
export function siteForecourt(calls: DeviceCalls): ForecourtSim & {
  deliver(event: ForecourtEvent): void;
} {
  const events = simListeners<ForecourtEvent>(undefined);
  const call = caller(
    calls,
    FORECOURT_REFUSALS,
    (code) => new ForecourtError(code as ForecourtRefusal),
  );
  const act = (site: string, pump: number, action: string, litres?: number) =>
    call<PumpStatus>(site, 'Sim.Pump', {
      pump,
      action,
      ...(litres === undefined ? {} : { litres }),
    });
  return {
    deliver: (event) => events.emit(event),
    async pumps(site) {
      return (await call<{ pumps: PumpStatus[] }>(site, 'Forecourt.Status', {})).pumps;
    },
    async authorise(site, pump, authorisation) {
      await call(site, 'Pump.Authorise', { pump, ...authorisation });
    },
    async cancel(site, pump, reference) {
      const { status } = await call<{ status: 'Cancelled' | 'TooLate' }>(site, 'Pump.Cancel', {
        pump,
        reference,
      });
      return status === 'TooLate' ? 'too_late' : 'cancelled';
    },
    async lookup(site, pump, reference): Promise<ForecourtLookup> {
      // Only a well-formed answer speaks for the transaction; any other is no answer at all.
      const answer = lookupAnswer.safeParse(
        await call<unknown>(site, 'Sale.Lookup', { pump, reference }),
      );
      if (!answer.success) throw new ForecourtError('unreachable');
      const found = answer.data;
      return found.state === 'sold'
        ? { ...found, sale: { ...found.sale, at: new Date(found.sale.at) } }
        : found;
    },
    async showPrices(site, prices) {
      try {
        await calls.call(siteKey(site), 'PriceSign.Show', { prices });
        return 'shown';
      } catch (error) {
        // A controller without a sign the platform sets does not know the call.
        if (error instanceof DeviceCallError && error.code === 'NotImplemented') return 'no_sign';
        if (error instanceof DeviceOffline) throw new ForecourtError('unreachable');
        if (error instanceof DeviceCallError)
          throw new ForecourtError(error.code === 'offline' ? 'offline' : 'unreachable');
        throw error;
      }
    },
    subscribe: (listener) => events.subscribe(listener),
    close() {
      events.clear();
      return Promise.resolve();
    },
    async sign(site) {
      return (await call<{ prices: SignPrice[] }>(site, 'Sim.Sign', {})).prices;
    },
    lift: (site, pump, options) => act(site, pump, 'lift', options?.litres),
    hangup: (site, pump) => act(site, pump, 'hangup'),
    fault: (site, pump) => act(site, pump, 'fault'),
    offline: (site, pump) => act(site, pump, 'offline'),
    online: (site, pump) => act(site, pump, 'online'),
    status: (site, pump) => act(site, pump, 'status'),
    async snapshot(site) {
      return (await call<{ pumps: SimPumpView[] }>(site, 'Sim.Pumps', {})).pumps;
    },
  };
}

/** The car-wash controllers of every site, over the site protocol, as siteForecourt. */
export function siteCarwash(calls: DeviceCalls): CarwashSim & {
  deliver(event: CarwashEvent): void;
} {
  const events = simListeners<CarwashEvent>(undefined);
  const call = caller(calls, CARWASH_REFUSALS, (code) => new CarwashError(code as CarwashRefusal));
  const command = async (site: string, action: PlatformCall, bay: number, reference: string) => {
    await call(site, action, { bay, reference });
  };
  const act = (site: string, bay: number, action: string) =>
    call<BayStatus>(site, 'Sim.Bay', { bay, action });
  return {
    deliver: (event) => events.emit(event),
    async bays(site) {
      return (await call<{ bays: BayStatus[] }>(site, 'CarWash.Status', {})).bays;
    },
    async load(site, bay, programme) {
      await call(site, 'Bay.Load', { bay, ...programme });
    },
    start: (site, bay, reference) => command(site, 'Bay.Start', bay, reference),
    stop: (site, bay, reference) => command(site, 'Bay.Stop', bay, reference),
    resume: (site, bay, reference) => command(site, 'Bay.Resume', bay, reference),
    cancel: (site, bay, reference) => command(site, 'Bay.Cancel', bay, reference),
    async lookup(site, bay, reference): Promise<CarwashLookup> {
      const answer = bayLookupAnswer.safeParse(
        await call<unknown>(site, 'Bay.Lookup', { bay, reference }),
      );
      if (!answer.success) throw new CarwashError('unreachable');
      return answer.data;
    },
    subscribe: (listener) => events.subscribe(listener),
    close() {
      events.clear();
      return Promise.resolve();
    },
    fault: (site, bay) => act(site, bay, 'fault'),
    offline: (site, bay) => act(site, bay, 'offline'),
    online: (site, bay) => act(site, bay, 'online'),
    status: (site, bay) => act(site, bay, 'status'),
    async snapshot(site) {
      return (await call<{ bays: SimBayView[] }>(site, 'Sim.Bays', {})).bays;
    },
  };
}

/**
 * The coffee machines of every site, over the site protocol through the holder of the machine's
 * station's site. A machine no site answers for is unreachable, as the vendor's service would say.
 */
export function siteBeverageMachines(
  calls: DeviceCalls,
  siteOf: (machineId: string) => Promise<string | null>,
): BeverageMachinesWithControls & { deliver(event: BeverageMachineEvent): void } {
  const events = simListeners<BeverageMachineEvent>(undefined);
  const call = async <T>(machineId: string, action: PlatformCall, payload: object) => {
    const site = await siteOf(machineId);
    if (!site) throw new DeviceOffline(`machine:${machineId}`);
    return (await calls.call(siteKey(site), action, { machine: machineId, ...payload })) as T;
  };
  return {
    deliver: (event) => events.emit(event),
    async showCode(machineId, transactionId, url, expiresAt, code) {
      await call(machineId, 'Machine.ShowCode', {
        transaction: transactionId,
        url,
        expiresAt: expiresAt.toISOString(),
        ...(code === undefined ? {} : { code }),
      });
    },
    async pour(machineId, transactionId) {
      try {
        return (
          await call<{ answer: PourAnswer }>(machineId, 'Machine.Pour', {
            transaction: transactionId,
          })
        ).answer;
      } catch (error) {
        if (error instanceof DeviceOffline || error instanceof DeviceCallError)
          return 'unreachable';
        throw error;
      }
    },
    async state(machineId) {
      const answer = await call<{ state: BeverageMachineState; transaction: string | null }>(
        machineId,
        'Machine.Status',
        {},
      );
      return { machineId, state: answer.state, transactionId: answer.transaction };
    },
    async transaction(machineId, transactionId) {
      return (
        await call<{ answer: TransactionAnswer }>(machineId, 'Machine.Transaction', {
          transaction: transactionId,
        })
      ).answer;
    },
    subscribe: (listener) => events.subscribe(listener),
    close() {
      events.clear();
      return Promise.resolve();
    },
    async view(ids) {
      return Promise.all(
        ids.map(async (id) => {
          try {
            return await call<MachineView>(id, 'Sim.Machine', { action: 'view' });
          } catch {
            return { state: 'idle' as const, transactionId: null, online: false, code: null };
          }
        }),
      );
    },
    async setOnline(id, online) {
      await call(id, 'Sim.Machine', { action: online ? 'online' : 'offline' });
    },
    async setOutOfOrder(id, out) {
      await call(id, 'Sim.Machine', { action: out ? 'outOfOrder' : 'inOrder' });
    },
  };
}

/**
 * The sites' kitchen systems: an order goes to the site's kitchen as `Kitchen.Order` through the
 * process that holds the site; what a kitchen reports comes back through `report`.
 */
export function siteKitchens(calls: DeviceCalls): KitchenSystems & {
  report(report: KitchenReport): Promise<KitchenVerdict>;
} {
  const slot = handlerSlot();
  return {
    async send(site, ticket) {
      try {
        await calls.call(siteKey(site), 'Kitchen.Order', {
          order: ticket.orderId,
          number: ticket.number,
          state: ticket.state,
          lines: ticket.lines,
          placedAt: ticket.placedAt.toISOString(),
          acceptedAt: ticket.acceptedAt?.toISOString() ?? null,
          readyBy: ticket.readyBy?.toISOString() ?? null,
          readyAt: ticket.readyAt?.toISOString() ?? null,
        });
      } catch (error) {
        if (error instanceof DeviceCallError)
          throw new KitchenError(
            error.code === 'NotImplemented' || error.code === 'no_kitchen'
              ? 'no_kitchen'
              : 'unreachable',
          );
        if (error instanceof DeviceOffline) throw new KitchenError('unreachable');
        throw error;
      }
    },
    handle: (next) => slot.handle(next),
    report: (report) =>
      slot.current()?.(report) ?? Promise.resolve({ ok: false, reason: 'not_taken' }),
    close: () => Promise.resolve(),
  };
}

/** Where the endpoint hands what sites report: the station ports of this process. */
export function sinkOf(
  forecourt: { deliver(event: ForecourtEvent): void },
  carwash: { deliver(event: CarwashEvent): void },
  machines: { deliver(event: BeverageMachineEvent): void },
  kitchens: { report(report: KitchenReport): Promise<KitchenVerdict> },
): SiteEventSink {
  return {
    forecourt: (event) => forecourt.deliver(event),
    carwash: (event) => carwash.deliver(event),
    machine: (event) => machines.deliver(event),
    kitchen: (report) => kitchens.report(report),
  };
}
