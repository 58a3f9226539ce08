import { fuelAmount, volumeForLimit } from '@stod/domain';
import type { ForecourtEvent, FuelSale, PumpAuthorisation, PumpState, PumpStatus } from './port.ts';
import { between, type SimClock, type SimLog } from './sim-clock.ts';

/** Car pumps deliver 35–40 litres a minute; each delivery gets its own pace. */
const FLOW_LITRES_PER_MINUTE = [35, 40] as const;
/** The controller reports a running delivery about twice a second. */
const PROGRESS_EVERY_MS = 500;
/** A pump shows its finished sale this long before it is free for the next customer. */
const FINISHED_FOR_MS = 2_000;
/** The simulated customer lifts the nozzle this long after the pump is authorised. */
const CUSTOMER_LIFTS_AFTER_MS = [3_000, 6_000] as const;
/** …and fills this many litres, or now and then until the pump stops at the limit. */
const CUSTOMER_FILLS_LITRES = [15, 60] as const;
const CUSTOMER_FILLS_TO_LIMIT = 0.2;

export interface Delivery {
  site: string;
  pump: number;
  authorisation: PumpAuthorisation;
  /** The most the limit pays for: the pump stops there. */
  maxMl: number;
  volumeMl: number;
  /** Millilitres per simulated millisecond. */
  flow: number;
  /** Where the customer hangs up, if they do before the limit. */
  stopAtMl: number | null;
  sale: FuelSale | null;
  cancelled: boolean;
}

export interface Pump {
  site: string;
  number: number;
  state: Exclude<PumpState, 'offline'>;
  connected: boolean;
  /** Set from the authorisation until the pump is idle or inactive again. */
  delivery: Delivery | null;
  /** Simulated time of the last meter reading. */
  metered: number;
  customer: NodeJS.Timeout | null;
  flow: NodeJS.Timeout | null;
  settle: NodeJS.Timeout | null;
  /** Sales made while the connection was lost, sent when it is back. */
  unsent: FuelSale[];
}

export const newPump = (site: string, number: number): Pump => ({
  site,
  number,
  state: 'idle',
  connected: true,
  delivery: null,
  metered: 0,
  customer: null,
  flow: null,
  settle: null,
  unsent: [],
});

/**
 * What happens at the pumps themselves: the nozzle, the meter, the stop at the limit and the sale.
 * A pump out of reach goes on; only what it tells is held back, its sales until it is back.
 */
export function pumpFloor(
  clock: SimClock,
  emit: (event: ForecourtEvent) => void,
  random: () => number,
  log: SimLog | undefined,
) {
  const statusOf = (pump: Pump): PumpStatus => ({
    pump: pump.number,
    state: pump.connected ? pump.state : 'offline',
    reference: pump.delivery?.authorisation.reference ?? null,
  });

  const tellState = (pump: Pump) => {
    if (pump.connected) emit({ type: 'pump', site: pump.site, ...statusOf(pump) });
  };

  const tellProgress = (pump: Pump, delivery: Delivery) => {
    if (!pump.connected) return;
    emit({
      type: 'progress',
      site: pump.site,
      pump: pump.number,
      reference: delivery.authorisation.reference,
      volumeMl: delivery.volumeMl,
      amount: fuelAmount(delivery.volumeMl, delivery.authorisation.unitPrice),
    });
  };

  const tellSale = (pump: Pump, sale: FuelSale) => {
    if (pump.connected) emit({ type: 'sale', site: pump.site, sale });
    else pump.unsent.push(sale);
  };

  /** The pump takes an authorisation: the most its limit pays for, and this delivery's pace. */
  function authorised(pump: Pump, authorisation: PumpAuthorisation): Delivery {
    const delivery: Delivery = {
      site: pump.site,
      pump: pump.number,
      authorisation: { ...authorisation },
      maxMl: volumeForLimit(authorisation.limit, authorisation.unitPrice),
      volumeMl: 0,
      flow: between(random, ...FLOW_LITRES_PER_MINUTE) / 60,
      stopAtMl: null,
      sale: null,
      cancelled: false,
    };
    pump.delivery = delivery;
    pump.state = 'authorised';
    return delivery;
  }

  /** The simulated customer walks up a few seconds after the authorisation and fills up. */
  function expectCustomer(pump: Pump) {
    pump.customer = clock.after(between(random, ...CUSTOMER_LIFTS_AFTER_MS), () => {
      pump.customer = null;
      lift(pump, customerFill());
    });
  }

  /** Reads the meter: the volume grows with the simulated time since the last reading. */
  function meter(pump: Pump, delivery: Delivery) {
    const now = clock.now();
    const elapsed = now - pump.metered;
    pump.metered = now;
    const target = Math.min(delivery.maxMl, delivery.stopAtMl ?? Infinity);
    const next = Math.min(target, delivery.volumeMl + Math.round(elapsed * delivery.flow));
    // A customer who means to stop below what already ran stops now; nothing runs back.
    delivery.volumeMl = Math.max(delivery.volumeMl, next);
    return delivery.volumeMl >= target;
  }

  function tick(pump: Pump) {
    const delivery = pump.delivery;
    if (pump.state !== 'fuelling' || !delivery) return;
    if (meter(pump, delivery)) end(pump, 'finished');
    else tellProgress(pump, delivery);
  }

  /** The nozzle is hung up, the limit reached or the pump failed: the delivery becomes a sale. */
  function end(pump: Pump, next: 'finished' | 'inactive') {
    const delivery = pump.delivery;
    if (!delivery || pump.state !== 'fuelling') return;
    clock.cancel(pump.flow);
    pump.flow = null;
    const { reference, grade, unitPrice } = delivery.authorisation;
    const sale: FuelSale = {
      reference,
      pump: pump.number,
      grade,
      volumeMl: delivery.volumeMl,
      unitPrice,
      amount: fuelAmount(delivery.volumeMl, unitPrice),
      at: new Date(),
      ...(next === 'inactive' ? { fault: true } : {}),
    };
    delivery.sale = sale;
    log?.debug({ site: pump.site, sale }, 'simulated pump sold');
    tellProgress(pump, delivery);
    if (next === 'finished') {
      pump.state = 'finished';
      tellState(pump);
      tellSale(pump, sale);
      pump.settle = clock.after(FINISHED_FOR_MS, () => {
        pump.settle = null;
        if (pump.state !== 'finished') return;
        pump.state = 'idle';
        pump.delivery = null;
        tellState(pump);
      });
    } else {
      pump.state = 'inactive';
      pump.delivery = null;
      tellSale(pump, sale);
      tellState(pump);
    }
  }

  function lift(pump: Pump, stopAtMl: number | null) {
    const delivery = pump.delivery;
    if (!delivery) return;
    if (pump.state === 'fuelling') {
      // The customer already holds the nozzle and now means to stop at a volume.
      if (stopAtMl !== null) {
        delivery.stopAtMl = stopAtMl;
        tick(pump);
      }
      return;
    }
    if (pump.state !== 'authorised') return;
    clock.cancel(pump.customer);
    pump.customer = null;
    pump.state = 'fuelling';
    delivery.stopAtMl = stopAtMl;
    pump.metered = clock.now();
    tellState(pump);
    pump.flow = clock.every(PROGRESS_EVERY_MS, () => tick(pump));
    if (stopAtMl !== null && stopAtMl <= 0) end(pump, 'finished');
  }

  /** The simulated customer's fill: a random volume, or now and then all the limit pays for. */
  const customerFill = () =>
    random() < CUSTOMER_FILLS_TO_LIMIT
      ? null
      : Math.round(between(random, ...CUSTOMER_FILLS_LITRES) * 1000);

  return { statusOf, tellState, authorised, expectCustomer, meter, end, lift, customerFill };
}
