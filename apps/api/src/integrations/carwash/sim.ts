import { simClock, simListeners, type SimLog } from '../forecourt/sim-clock.ts';
import { bayFloor, newBay, type Bay, type Wash } from './sim-bay.ts';
import {
  CarwashError,
  type BayState,
  type BayStatus,
  type CarwashController,
  type CarwashEvent,
  type CarwashLookup,
} from './port.ts';

/** After the start the bay counts down this long, while the driver drives in and stops. */
export const COUNTDOWN_MS = 20_000;
const JOURNAL_SIZE = 10_000;

export interface CarwashSimOptions {
  /** SIM_SPEED: the countdown and every wash run this many times faster. */
  speed: number;
  /** The bay numbers of a site, or null for a site the controller does not know. */
  baysOf(site: string): Promise<number[] | null>;
  /** Taken like the other simulators' options; a bay's timings are fixed, so none is drawn yet. */
  random?: () => number;
  log?: SimLog;
}

/** A bay as the simulator page shows it. */
export interface SimBayView extends BayStatus {
  /** The state inside the bay, whatever the connection says. */
  bayState: Exclude<BayState, 'offline'>;
  connected: boolean;
  programme: string | null;
  durationSeconds: number | null;
}

/** What a developer, the simulator page or a test does to a bay, besides the port's calls. */
export interface CarwashSimControls {
  /** The bay fails: a running wash halts with its reference and remaining time kept. */
  fault(site: string, bay: number): Promise<BayStatus>;
  /** The connection is lost; the bay goes on unheard. */
  offline(site: string, bay: number): Promise<BayStatus>;
  /** Clears a fault and a lost connection: an interrupted wash waits, stopped, for staff. */
  online(site: string, bay: number): Promise<BayStatus>;
  status(site: string, bay: number): Promise<BayStatus>;
  /** Every bay of a site, for the simulator page; an unknown site has none. */
  snapshot(site: string): Promise<SimBayView[]>;
}

export type CarwashSim = CarwashController & CarwashSimControls;

const key = (...parts: (string | number)[]) => parts.join('\u0000');
/**
 * The built-in car-wash controller. A bay takes a programme (ready), counts down once started
 * while the car drives in, washes for the programme's length, shows it finished and is free
 * again. A stop or a fault halts the wash with its time kept; only staff resume it.
 */
export function carwashSim(options: CarwashSimOptions): CarwashSim {
  const clock = simClock(options.speed);
  const events = simListeners<CarwashEvent>(options.log);
  const bays = new Map<string, Bay>();
  const journal = new Map<string, Wash>();
  const { remainingOf, statusOf, tell, run, wash, halt } = bayFloor(clock, (event) =>
    events.emit(event),
  );

  async function bayAt(site: string, number: number): Promise<Bay> {
    const numbers = await options.baysOf(site);
    if (!numbers?.includes(number)) throw new CarwashError('not_found');
    const id = key(site, number);
    let bay = bays.get(id);
    if (!bay) {
      bay = newBay(site, number);
      bays.set(id, bay);
    }
    return bay;
  }

  function remember(wash: Wash) {
    journal.set(key(wash.site, wash.bay, wash.programme.reference), wash);
    if (journal.size <= JOURNAL_SIZE) return;
    for (const [id, old] of journal)
      if (old.outcome) {
        journal.delete(id);
        return;
      }
  }

  /** The reference's wash, if it is the one on the bay. */
  const current = (bay: Bay, reference: string) =>
    bay.wash?.programme.reference === reference ? bay.wash : null;
  const journalled = (bay: Bay, reference: string) =>
    journal.get(key(bay.site, bay.number, reference));

  async function reachable(site: string, number: number) {
    const bay = await bayAt(site, number);
    if (!bay.connected) throw new CarwashError('offline');
    return bay;
  }

  return {
    async bays(site) {
      const numbers = await options.baysOf(site);
      if (!numbers) throw new CarwashError('not_found');
      return numbers.map((number) => {
        const bay = bays.get(key(site, number));
        return bay
          ? statusOf(bay)
          : { bay: number, state: 'free', reference: null, remainingSeconds: null };
      });
    },

    async load(site, number, programme) {
      if (!Number.isFinite(programme.durationSeconds) || programme.durationSeconds <= 0)
        throw new RangeError('a programme lasts some seconds');
      const bay = await reachable(site, number);
      if (journalled(bay, programme.reference)) return;
      if (bay.state === 'fault') throw new CarwashError('fault');
      if (bay.state !== 'free') throw new CarwashError('busy');
      const loaded: Wash = {
        site,
        bay: number,
        programme: { ...programme },
        remainingMs: programme.durationSeconds * 1000,
        outcome: null,
      };
      remember(loaded);
      bay.wash = loaded;
      bay.state = 'ready';
      tell(bay);
    },

    async start(site, number, reference) {
      const bay = await reachable(site, number);
      if (bay.state === 'fault') throw new CarwashError('fault');
      const loaded = current(bay, reference);
      if (loaded && bay.state === 'ready') {
        run(bay, 'countdown', COUNTDOWN_MS, () => {
          wash(bay, loaded.remainingMs);
        });
        return;
      }
      // A start repeated once the wash is under way, or over, answers as the first did.
      if (loaded || journalled(bay, reference)?.outcome === 'finished') return;
      throw new CarwashError('not_ready');
    },

    async stop(site, number, reference) {
      const bay = await reachable(site, number);
      const loaded = current(bay, reference);
      if (loaded && (bay.state === 'countdown' || bay.state === 'washing')) {
        halt(bay);
        bay.state = 'stopped';
        tell(bay);
        return;
      }
      if ((loaded && bay.state !== 'ready') || journalled(bay, reference)?.outcome === 'finished')
        return;
      throw new CarwashError('not_ready');
    },

    async resume(site, number, reference) {
      const bay = await reachable(site, number);
      if (bay.state === 'fault') throw new CarwashError('fault');
      const loaded = current(bay, reference);
      if (loaded && bay.state === 'stopped') {
        wash(bay, loaded.remainingMs);
        return;
      }
      if (
        (loaded && (bay.state === 'washing' || bay.state === 'finished')) ||
        journalled(bay, reference)?.outcome === 'finished'
      )
        return;
      throw new CarwashError('not_ready');
    },

    async cancel(site, number, reference) {
      const bay = await reachable(site, number);
      const loaded = current(bay, reference);
      if (!loaded) return;
      const unstarted = bay.state === 'ready' || (bay.state === 'fault' && !bay.interrupted);
      if (!unstarted) throw new CarwashError('busy');
      loaded.outcome = 'cancelled';
      bay.wash = null;
      if (bay.state === 'ready') bay.state = 'free';
      tell(bay);
    },

    async lookup(site, number, reference): Promise<CarwashLookup> {
      const bay = await reachable(site, number);
      if (current(bay, reference)) {
        const remainingSeconds = remainingOf(bay);
        if (bay.state === 'fault')
          return { state: bay.interrupted ? 'stopped' : 'ready', bay: number, remainingSeconds };
        if (bay.state !== 'free') return { state: bay.state, bay: number, remainingSeconds };
      }
      const outcome = journalled(bay, reference)?.outcome;
      if (outcome === 'finished') return { state: 'finished', bay: number, remainingSeconds: null };
      if (outcome === 'cancelled') return { state: 'cancelled' };
      return { state: 'unknown' };
    },

    subscribe: (listener) => events.subscribe(listener),

    close() {
      clock.close();
      events.clear();
      return Promise.resolve();
    },

    async fault(site, number) {
      const bay = await bayAt(site, number);
      if (bay.state === 'fault') return statusOf(bay);
      const started = ['countdown', 'washing', 'stopped'].includes(bay.state);
      halt(bay);
      // A finished wash is over; the bay fails empty.
      if (bay.state === 'finished') bay.wash = null;
      bay.interrupted = started;
      bay.state = 'fault';
      tell(bay);
      return statusOf(bay);
    },

    async offline(site, number) {
      const bay = await bayAt(site, number);
      if (bay.connected) {
        events.emit({ type: 'bay', site, ...statusOf(bay), state: 'offline' });
        bay.connected = false;
      }
      return statusOf(bay);
    },

    async online(site, number) {
      const bay = await bayAt(site, number);
      bay.connected = true;
      if (bay.state === 'fault') {
        if (bay.wash && !bay.interrupted) {
          // A programme loaded but never started does not survive the failure.
          bay.wash.outcome = 'cancelled';
          bay.wash = null;
        }
        bay.state = bay.wash ? 'stopped' : 'free';
        bay.interrupted = false;
      }
      tell(bay);
      return statusOf(bay);
    },

    async status(site, number) {
      return statusOf(await bayAt(site, number));
    },

    async snapshot(site) {
      const numbers = (await options.baysOf(site)) ?? [];
      return numbers.map((number): SimBayView => {
        const bay = bays.get(key(site, number));
        if (!bay)
          return {
            bay: number,
            state: 'free',
            reference: null,
            remainingSeconds: null,
            bayState: 'free',
            connected: true,
            programme: null,
            durationSeconds: null,
          };
        return {
          ...statusOf(bay),
          bayState: bay.state,
          connected: bay.connected,
          programme: bay.wash?.programme.programme ?? null,
          durationSeconds: bay.wash?.programme.durationSeconds ?? null,
        };
      });
    },
  };
}
