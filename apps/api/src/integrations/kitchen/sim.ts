import { simClock, type SimLog } from '../forecourt/sim-clock.ts';
import {
  handlerSlot,
  KITCHEN_READY_IN_MINUTES,
  type KitchenReport,
  type KitchenSystems,
  type KitchenTicket,
  type KitchenVerdict,
} from './port.ts';

/**
 * A station kitchen with nobody at our display: its own system takes the orders handed to it,
 * accepts each after `acceptSeconds` with a ready-by time of eight minutes, readies it then and
 * hands it over five minutes later, all `speed` times faster. Each step is reported and taken
 * only once the platform answers; a step the platform refuses (the order went elsewhere) lets the
 * order go, and one that got no answer is tried again. A ticket handed again changes nothing it
 * knows; one that is further along than what it knows (staff took a step) is taken as it is.
 */

const COLLECTED_AFTER_MS = 5 * 60_000;
/** Simulated time before a report that got no answer goes again. */
const RETRY_MS = 5_000;

export interface KitchenSimOptions {
  speed: number;
  /** Seconds before an order is accepted (KITCHEN_SIM_ACCEPT_SECONDS), simulated. */
  acceptSeconds: number;
  /** Tells the platform of a step; resolves with its verdict, rejects when it did not answer. */
  report(report: KitchenReport): Promise<KitchenVerdict>;
  log: SimLog;
  /** The wall clock, against which the tickets' times are read. */
  now?: () => number;
}

export interface KitchenSim {
  take(site: string, ticket: KitchenTicket): void;
  /** What the kitchen is working on, by order id. */
  orders(): Map<string, { site: string; state: KitchenTicket['state'] }>;
  close(): void;
}

const RANK = { placed: 0, accepted: 1, ready: 2 } as const;
const NEXT = { placed: 'accepted', accepted: 'ready', ready: 'collected' } as const;

interface Order {
  site: string;
  state: KitchenTicket['state'];
  timer: NodeJS.Timeout | null;
}

export function kitchenSim(o: KitchenSimOptions): KitchenSim {
  const clock = simClock(o.speed);
  const wall = o.now ?? Date.now;
  const orders = new Map<string, Order>();

  /** Simulated milliseconds left of `duration` that began at `since` on the wall clock. */
  const left = (duration: number, since: Date | null) =>
    since ? Math.max(0, duration - (wall() - since.getTime()) * o.speed) : duration;

  function schedule(id: string, order: Order, inMs: number) {
    clock.cancel(order.timer);
    order.timer = clock.after(inMs, () => void step(id, order));
  }

  async function step(id: string, order: Order) {
    order.timer = null;
    if (orders.get(id) !== order) return;
    const next = NEXT[order.state];
    const report: KitchenReport = { site: order.site, orderId: id, step: next };
    if (next === 'accepted') report.readyInMinutes = KITCHEN_READY_IN_MINUTES;
    let verdict: KitchenVerdict;
    try {
      verdict = await o.report(report);
    } catch (error) {
      o.log.debug({ err: error, orderId: id, step: next }, 'kitchen report not answered; again');
      if (orders.get(id) === order) schedule(id, order, RETRY_MS);
      return;
    }
    if (orders.get(id) !== order) return;
    if (!verdict.ok || next === 'collected') {
      if (!verdict.ok)
        o.log.debug({ orderId: id, step: next, reason: verdict.reason }, 'kitchen lets go');
      orders.delete(id);
      return;
    }
    order.state = next;
    schedule(
      id,
      order,
      next === 'accepted' ? KITCHEN_READY_IN_MINUTES * 60_000 : COLLECTED_AFTER_MS,
    );
  }

  return {
    take(site, ticket) {
      const known = orders.get(ticket.orderId);
      if (known && RANK[known.state] >= RANK[ticket.state]) return;
      if (known) clock.cancel(known.timer);
      const order: Order = { site, state: ticket.state, timer: null };
      orders.set(ticket.orderId, order);
      const wait =
        ticket.state === 'placed'
          ? left(o.acceptSeconds * 1000, ticket.placedAt)
          : ticket.state === 'accepted'
            ? left(
                ticket.readyBy && ticket.acceptedAt
                  ? ticket.readyBy.getTime() - ticket.acceptedAt.getTime()
                  : KITCHEN_READY_IN_MINUTES * 60_000,
                ticket.acceptedAt,
              )
            : left(COLLECTED_AFTER_MS, ticket.readyAt);
      schedule(ticket.orderId, order, wait);
    },
    orders: () =>
      new Map([...orders].map(([id, { site, state }]) => [id, { site, state }] as const)),
    close() {
      clock.close();
      orders.clear();
    },
  };
}

/** The kitchens in this process, for a platform without sites (tests, a single machine). */
export function kitchensInProcess(options: Omit<KitchenSimOptions, 'report'>) {
  const slot = handlerSlot();
  const sim = kitchenSim({
    ...options,
    report: (report) =>
      slot.current()?.(report) ?? Promise.reject(new Error('nobody applies kitchen reports')),
  });
  const systems: KitchenSystems = {
    send(site, ticket) {
      sim.take(site, ticket);
      return Promise.resolve();
    },
    handle: (next) => slot.handle(next),
    close() {
      sim.close();
      return Promise.resolve();
    },
  };
  return { ...systems, sim };
}
