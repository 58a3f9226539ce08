import type { BeverageFill, Charge, FoodOrder, StationTransaction } from '@stod/domain';

/**
 * The events the services raise, by name, with what each carries. A listener receives the events
 * of every process once a transport connects them (Redis when REDIS_URL is set).
 */
export interface BusEvents {
  'receipt.created': { userId: string; receiptId: string };
  'payment.captured': { userId: string; paymentId: string; amount: number };
  'paymentMethod.activated': { userId: string; paymentMethodId: string };
  /** Sessions ended: one (`sessionId`), or all of a user's but `keep` (sessionId null). */
  'session.revoked': { userId: string; sessionId: string | null; keep?: string | null };
  /** A user's role, or the stations it is bound to, changed: sessions keep no old role. */
  'user.roleChanged': { userId: string };
  /** A station's own data changed (its opening hours): lists kept by a process are stale. */
  'stations.changed': { stationId: number };
  /** A site connected and booted: what its devices showed may be gone (its price sign). */
  'site.booted': { site: string };
  /** A refuelling or wash changed: its state, or its litres or seconds while it runs. */
  'stationTransaction.changed': {
    userId: string;
    transactionId: string;
    transaction: StationTransaction;
  };
  /** A charge changed: its state, or its energy, power and price while it runs. */
  'charge.changed': { userId: string; chargeId: string; charge: Charge };
  /** A food order changed: placed, accepted, ready, collected, rejected or expired. */
  'foodOrder.changed': { userId: string; orderId: string; stationId: number; order: FoodOrder };
  /** A drink poured for a user changed: pouring, poured or failed. */
  'beverage.changed': { userId: string; fillId: string; fill: BeverageFill };
  /** A station's alarms (null: the network's chargers') were raised, cleared or acknowledged. */
  'alarm.changed': { stationId: number | null };
  /** A process took a device's connection with this fencing token; an older holder lets go. */
  'device.claimed': { key: string; node: string; token: number };
  /** A call for a device, for the process (`node`) that holds its connection. */
  'device.call': { requestId: string; node: string; key: string; action: string; payload: unknown };
  /** The holder's answer: the device's result, its refusal, or `offline`. */
  'device.callResult': { requestId: string } & (
    { ok: true; result: unknown } | { ok: false; code: string; message: string }
  );
}

export type ChargerCommand =
  | { kind: 'remoteStart'; connectorId: number; idTag: string; remoteStartId: number }
  | { kind: 'remoteStop'; transactionId: string }
  | { kind: 'triggerStatus'; connectorId?: number }
  /** Any call of the charger's protocol, as an operator sends it. */
  | { kind: 'ocpp'; action: string; payload: unknown };

export type BusEventName = keyof BusEvents;

export type Listener<N extends BusEventName> = (payload: BusEvents[N]) => void | Promise<void>;

export interface Bus {
  /** Delivers to the listeners of this process and, through the transport, of every other. */
  publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void>;
  /** Answers a function that removes the listener. */
  subscribe<N extends BusEventName>(name: N, listener: Listener<N>): () => void;
  /** Whether the transport answers now ('none' for the in-process bus, which has none). */
  ping(): Promise<'up' | 'down' | 'none'>;
  close(): Promise<void>;
}

/**
 * The in-process bus: listeners run after the publisher's turn, each on its own, so a failing or
 * slow listener never fails or holds up the request that raised the event.
 */
export function localBus(onListenerError: (error: unknown, name: string) => void): Bus & {
  /** Delivers an event that came from another process to this process's listeners only. */
  deliver<N extends BusEventName>(name: N, payload: BusEvents[N]): void;
} {
  const listeners = new Map<string, Set<Listener<BusEventName>>>();
  const deliver = <N extends BusEventName>(name: N, payload: BusEvents[N]) => {
    for (const listener of listeners.get(name) ?? []) {
      queueMicrotask(() => {
        Promise.resolve()
          .then(() => (listener as Listener<N>)(payload))
          .catch((error: unknown) => {
            onListenerError(error, name);
          });
      });
    }
  };
  return {
    deliver,
    ping: () => Promise.resolve('none'),
    publish(name, payload) {
      deliver(name, payload);
      return Promise.resolve();
    },
    subscribe(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener as Listener<BusEventName>);
      return () => set.delete(listener as Listener<BusEventName>);
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
