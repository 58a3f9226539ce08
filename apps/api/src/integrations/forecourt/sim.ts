import { fuelAmount } from '@stod/domain';
import {
  ForecourtError,
  type ForecourtController,
  type ForecourtEvent,
  type ForecourtLookup,
  type PumpState,
  type PumpStatus,
  type SignPrice,
} from './port.ts';
import { simClock, simListeners, type SimLog } from './sim-clock.ts';
import { newPump, pumpFloor, type Delivery, type Pump } from './sim-pump.ts';

/** The journal keeps this many references; the oldest settled ones go first. */
const JOURNAL_SIZE = 10_000;

export interface ForecourtSimOptions {
  /** SIM_SPEED: every delay and the flow itself run this many times faster. */
  speed: number;
  /** SIM_AUTO_CUSTOMER: a customer lifts the nozzle by itself after each authorisation. */
  autoCustomer: boolean;
  /** The pump numbers of a site, or null for a site the controller does not know. */
  pumpsOf(site: string): Promise<number[] | null>;
  random?: () => number;
  log?: SimLog;
}

/** A pump as the simulator page shows it: its state and the delivery it is working on. */
export interface SimPumpView extends PumpStatus {
  /** The state inside the pump, whatever the connection says. */
  pumpState: Exclude<PumpState, 'offline'>;
  /** False while the connection to the pump is lost; the pump itself goes on meanwhile. */
  connected: boolean;
  grade: string | null;
  unitPrice: number | null;
  limit: number | null;
  volumeMl: number;
  amount: number;
}

/** What a developer, the simulator page or a test does at the pump, besides the port's calls. */
export interface ForecourtSimControls {
  /** Lifts the nozzle of an authorised pump; with `litres`, the customer hangs up at that volume. */
  lift(site: string, pump: number, options?: { litres?: number }): Promise<PumpStatus>;
  hangup(site: string, pump: number): Promise<PumpStatus>;
  /** The pump goes inactive; a delivery in progress ends at what it delivered and is sold. */
  fault(site: string, pump: number): Promise<PumpStatus>;
  /** The connection is lost: the pump delivers on, unheard, and keeps its sale. */
  offline(site: string, pump: number): Promise<PumpStatus>;
  /** The pump is back: its state is sent, then every sale it made while out of reach. */
  online(site: string, pump: number): Promise<PumpStatus>;
  status(site: string, pump: number): Promise<PumpStatus>;
  /** Every pump of a site, for the simulator page; an unknown site has none. */
  snapshot(site: string): Promise<SimPumpView[]>;
  /** Every simulated site has a price sign. */
  showPrices(site: string, prices: readonly SignPrice[]): Promise<'shown' | 'no_sign'>;
  /** What the site's price sign shows: nothing until the platform first sent it prices. */
  sign(site: string): Promise<SignPrice[]>;
}

export type ForecourtSim = ForecourtController & ForecourtSimControls;

const key = (...parts: (string | number)[]) => parts.join('\u0000');

/**
 * The built-in forecourt controller. Pumps go idle → authorised → fuelling → finished → idle,
 * meter the delivery as it runs, stop at the authorised limit and journal every sale. A lost
 * connection hides a pump without stopping it: what it delivers meanwhile arrives when it is back.
 */
export function forecourtSim(options: ForecourtSimOptions): ForecourtSim {
  const random = options.random ?? Math.random;
  const clock = simClock(options.speed);
  const events = simListeners<ForecourtEvent>(options.log);
  const pumps = new Map<string, Pump>();
  const journal = new Map<string, Delivery>();
  /** Each site's price sign: a grade's price stays until the platform sends another. */
  const signs = new Map<string, Map<string, number>>();
  const { statusOf, tellState, authorised, expectCustomer, meter, end, lift, customerFill } =
    pumpFloor(clock, (event) => events.emit(event), random, options.log);

  async function pumpAt(site: string, number: number): Promise<Pump> {
    const numbers = await options.pumpsOf(site);
    if (!numbers?.includes(number)) throw new ForecourtError('not_found');
    const id = key(site, number);
    let pump = pumps.get(id);
    if (!pump) {
      pump = newPump(site, number);
      pumps.set(id, pump);
    }
    return pump;
  }

  function remember(delivery: Delivery) {
    journal.set(key(delivery.site, delivery.pump, delivery.authorisation.reference), delivery);
    if (journal.size <= JOURNAL_SIZE) return;
    for (const [id, old] of journal)
      if (old.sale || old.cancelled) {
        journal.delete(id);
        return;
      }
  }

  const litresToMl = (litres: number | undefined) =>
    litres === undefined ? null : Math.max(0, Math.round(litres * 1000));

  return {
    async pumps(site) {
      const numbers = await options.pumpsOf(site);
      if (!numbers) throw new ForecourtError('not_found');
      return numbers.map((number) => {
        const pump = pumps.get(key(site, number));
        return pump ? statusOf(pump) : { pump: number, state: 'idle', reference: null };
      });
    },

    async authorise(site, number, authorisation) {
      const { limit, unitPrice } = authorisation;
      if (
        !Number.isSafeInteger(limit) ||
        !Number.isSafeInteger(unitPrice) ||
        limit < 0 ||
        unitPrice < 0
      )
        throw new RangeError('limit and unit price in whole øre');
      const pump = await pumpAt(site, number);
      if (!pump.connected) throw new ForecourtError('offline');
      // A reference the journal knows answers as the first time, and is never delivered twice.
      if (journal.has(key(site, number, authorisation.reference))) return;
      if (pump.state === 'inactive') throw new ForecourtError('inactive');
      if (pump.state !== 'idle') throw new ForecourtError('taken');
      const delivery = authorised(pump, authorisation);
      remember(delivery);
      tellState(pump);
      if (options.autoCustomer) expectCustomer(pump);
    },

    async cancel(site, number, reference) {
      const pump = await pumpAt(site, number);
      if (!pump.connected) throw new ForecourtError('offline');
      const delivery = journal.get(key(site, number, reference));
      if (!delivery || delivery.cancelled) return 'cancelled';
      if (pump.delivery !== delivery || pump.state !== 'authorised') return 'too_late';
      clock.cancel(pump.customer);
      pump.customer = null;
      delivery.cancelled = true;
      pump.delivery = null;
      pump.state = 'idle';
      tellState(pump);
      return 'cancelled';
    },

    async lookup(site, number, reference): Promise<ForecourtLookup> {
      const pump = await pumpAt(site, number);
      if (!pump.connected) throw new ForecourtError('offline');
      const delivery = journal.get(key(site, number, reference));
      if (!delivery) return { state: 'unknown' };
      if (delivery.cancelled) return { state: 'cancelled' };
      if (delivery.sale) return { state: 'sold', pump: number, sale: delivery.sale };
      if (pump.state === 'fuelling') meter(pump, delivery);
      return {
        state: pump.state === 'fuelling' ? 'fuelling' : 'authorised',
        pump: number,
        volumeMl: delivery.volumeMl,
        amount: fuelAmount(delivery.volumeMl, delivery.authorisation.unitPrice),
      };
    },

    async showPrices(site, prices) {
      if (!(await options.pumpsOf(site))) throw new ForecourtError('not_found');
      for (const { grade, unitPrice } of prices)
        if (!grade || !Number.isSafeInteger(unitPrice) || unitPrice < 0)
          throw new RangeError('a grade and its price in whole øre');
      const sign = signs.get(site) ?? new Map<string, number>();
      for (const { grade, unitPrice } of prices) sign.set(grade, unitPrice);
      signs.set(site, sign);
      options.log?.debug({ site, prices }, 'price sign shows new prices');
      return 'shown';
    },

    sign(site) {
      const sign = signs.get(site);
      return Promise.resolve(
        sign ? [...sign].map(([grade, unitPrice]): SignPrice => ({ grade, unitPrice })) : [],
      );
    },

    subscribe: (listener) => events.subscribe(listener),

    close() {
      clock.close();
      events.clear();
      return Promise.resolve();
    },

    async lift(site, number, { litres } = {}) {
      const pump = await pumpAt(site, number);
      const stopAtMl = litresToMl(litres);
      lift(pump, stopAtMl ?? (options.autoCustomer ? customerFill() : null));
      return statusOf(pump);
    },

    async hangup(site, number) {
      const pump = await pumpAt(site, number);
      if (pump.state === 'fuelling' && pump.delivery) {
        meter(pump, pump.delivery);
        end(pump, 'finished');
      }
      return statusOf(pump);
    },

    async fault(site, number) {
      const pump = await pumpAt(site, number);
      clock.cancel(pump.customer);
      pump.customer = null;
      if (pump.state === 'inactive') return statusOf(pump);
      if (pump.state === 'fuelling' && pump.delivery) {
        meter(pump, pump.delivery);
        end(pump, 'inactive');
        return statusOf(pump);
      }
      // An authorisation whose nozzle stayed in place is withdrawn by the failure; the event
      // names it, so whoever holds it hears at once.
      const withdrawn = pump.state === 'authorised' ? pump.delivery : null;
      if (withdrawn) withdrawn.cancelled = true;
      clock.cancel(pump.settle);
      pump.settle = null;
      pump.delivery = null;
      pump.state = 'inactive';
      if (pump.connected)
        events.emit({
          type: 'pump',
          site,
          pump: number,
          state: 'inactive',
          reference: withdrawn?.authorisation.reference ?? null,
        });
      return statusOf(pump);
    },

    async offline(site, number) {
      const pump = await pumpAt(site, number);
      if (pump.connected) {
        // The last word the controller has of the pump; nothing more until it is back.
        events.emit({ type: 'pump', site, ...statusOf(pump), state: 'offline' });
        pump.connected = false;
      }
      return statusOf(pump);
    },

    async online(site, number) {
      const pump = await pumpAt(site, number);
      pump.connected = true;
      if (pump.state === 'inactive') pump.state = 'idle';
      tellState(pump);
      for (const sale of pump.unsent.splice(0)) events.emit({ type: 'sale', site, sale });
      return statusOf(pump);
    },

    async status(site, number) {
      return statusOf(await pumpAt(site, number));
    },

    async snapshot(site) {
      const numbers = (await options.pumpsOf(site)) ?? [];
      return numbers.map((number): SimPumpView => {
        const pump = pumps.get(key(site, number));
        const delivery = pump?.delivery ?? null;
        if (pump?.state === 'fuelling' && delivery) meter(pump, delivery);
        const volumeMl = delivery?.volumeMl ?? 0;
        return {
          ...(pump ? statusOf(pump) : { pump: number, state: 'idle', reference: null }),
          pumpState: pump?.state ?? 'idle',
          connected: pump?.connected ?? true,
          grade: delivery?.authorisation.grade ?? null,
          unitPrice: delivery?.authorisation.unitPrice ?? null,
          limit: delivery?.authorisation.limit ?? null,
          volumeMl,
          amount: delivery ? fuelAmount(volumeMl, delivery.authorisation.unitPrice) : 0,
        };
      });
    },
  };
}
