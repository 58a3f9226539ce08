import { simClock } from '../forecourt/sim-clock.ts';
import { simCharger, type SimCharger } from './charger.ts';
import { SimChargerUnknown, type ChargerFleet, type ChargerFleetOptions } from './types.ts';

const METER_INTERVAL_S = 10;
const CONNECT_CONCURRENCY = 50;
const READY_TIMEOUT_MS = 30_000;

/** Runs at most `max` tasks at once; the others wait their turn in order. */
export function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so none is taken twice.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

function checkSpecs(options: ChargerFleetOptions) {
  const identities = new Set<string>();
  for (const spec of options.chargers) {
    if (identities.has(spec.identity))
      throw new RangeError(`two simulated chargers are called ${spec.identity}`);
    identities.add(spec.identity);
    if (!Number.isInteger(spec.connectors) || spec.connectors < 1)
      throw new RangeError(`${spec.identity}: connectors must be a whole number above zero`);
    if (!(spec.maxPowerKw > 0))
      throw new RangeError(`${spec.identity}: maxPowerKw must be above zero`);
  }
}

/**
 * Starts simulated chargers that connect to the backend's OCPP endpoint over real WebSockets, as
 * real chargers do: a bounded number dial at once, each boots, reports its connectors and
 * answers remote starts, stops and triggers. The developer's hand (plug, unplug, fault …) is `act`.
 */
export function startChargerFleet(options: ChargerFleetOptions): ChargerFleet {
  checkSpecs(options);
  const clock = simClock(options.speed);
  const log = options.log ?? { info: () => undefined, warn: () => undefined };
  const limit = limiter(Math.max(1, options.connectConcurrency ?? CONNECT_CONCURRENCY));
  const chargers = new Map<string, SimCharger>();
  for (const spec of options.chargers)
    chargers.set(
      spec.identity,
      simCharger(spec, {
        url: options.url.replace(/\/+$/, ''),
        clock,
        speed: options.speed,
        random: options.random ?? Math.random,
        autoPlug: options.autoPlug,
        meterIntervalMs: (options.meterIntervalSeconds ?? METER_INTERVAL_S) * 1000,
        log,
        limit,
        ...(options.tap ? { tap: options.tap } : {}),
      }),
    );
  const all = [...chargers.values()];
  for (const charger of all) void charger.start();
  void Promise.all(all.map((charger) => charger.ready)).then(() =>
    log.info({ count: all.length }, 'the simulated chargers are connected and booted'),
  );
  let closing: Promise<void> | null = null;

  return {
    async act(identity, connectorId, action, idTag) {
      const charger = chargers.get(identity);
      if (!charger) throw new SimChargerUnknown(identity);
      return charger.act(connectorId, action, idTag);
    },

    state: () => all.map((charger) => charger.state()),

    stateOf(identity) {
      const charger = chargers.get(identity);
      if (!charger) throw new SimChargerUnknown(identity);
      return charger.state();
    },

    ready(timeoutMs = READY_TIMEOUT_MS) {
      return new Promise<void>((resolve, reject) => {
        let booted = 0;
        const timer = setTimeout(() => {
          const missing = all.length - booted;
          reject(
            new Error(
              `${String(missing)} of ${String(all.length)} simulated chargers did not connect and boot within ${String(timeoutMs)} ms`,
            ),
          );
        }, timeoutMs);
        void Promise.all(all.map((charger) => charger.ready.then(() => (booted += 1)))).then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },

    close() {
      closing ??= (async () => {
        clock.close();
        await Promise.all(all.map((charger) => charger.close()));
      })();
      return closing;
    },
  };
}
