import type { BayState, BayStatus, CarwashEvent, WashProgramme } from './port.ts';
import type { SimClock } from '../forecourt/sim-clock.ts';

/** A bay shows its finished wash this long before it takes the next car. */
const FINISHED_FOR_MS = 5_000;
/** A countdown or a wash reports the seconds it has left about once a second. */
const TICK_MS = 1_000;

export interface Wash {
  site: string;
  bay: number;
  programme: WashProgramme;
  /** Simulated ms of washing left, kept while the wash is stopped or faulted. */
  remainingMs: number;
  outcome: 'finished' | 'cancelled' | null;
}

export interface Bay {
  site: string;
  number: number;
  state: Exclude<BayState, 'offline'>;
  connected: boolean;
  wash: Wash | null;
  /** Simulated time at which the countdown or the wash ends. */
  endsAt: number;
  /** A fault broke into a started wash, which then waits for staff. */
  interrupted: boolean;
  phase: NodeJS.Timeout | null;
  ticker: NodeJS.Timeout | null;
  settle: NodeJS.Timeout | null;
}

export const newBay = (site: string, number: number): Bay => ({
  site,
  number,
  state: 'free',
  connected: true,
  wash: null,
  endsAt: 0,
  interrupted: false,
  phase: null,
  ticker: null,
  settle: null,
});

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * What happens in the bays themselves: the countdown, the wash and its remaining time, the finish.
 * A bay out of reach goes on; only what it tells is held back.
 */
export function bayFloor(clock: SimClock, emit: (event: CarwashEvent) => void) {
  function remainingOf(bay: Bay): number | null {
    if (bay.state === 'countdown' || bay.state === 'washing')
      return seconds(bay.endsAt - clock.now());
    if ((bay.state === 'stopped' || (bay.state === 'fault' && bay.interrupted)) && bay.wash)
      return seconds(bay.wash.remainingMs);
    return null;
  }

  const statusOf = (bay: Bay): BayStatus => ({
    bay: bay.number,
    state: bay.connected ? bay.state : 'offline',
    reference: bay.wash?.programme.reference ?? null,
    remainingSeconds: remainingOf(bay),
  });

  const tell = (bay: Bay) => {
    if (bay.connected) emit({ type: 'bay', site: bay.site, ...statusOf(bay) });
  };

  function stopTimers(bay: Bay) {
    for (const timer of [bay.phase, bay.ticker, bay.settle]) clock.cancel(timer);
    bay.phase = bay.ticker = bay.settle = null;
  }

  /** Runs a timed phase: the bay reports its remaining seconds until the phase ends. */
  function run(bay: Bay, state: 'countdown' | 'washing', ms: number, then: () => void) {
    stopTimers(bay);
    bay.state = state;
    bay.endsAt = clock.now() + ms;
    bay.phase = clock.after(ms, then);
    bay.ticker = clock.every(TICK_MS, () => tell(bay));
    tell(bay);
  }

  function wash(bay: Bay, ms: number) {
    run(bay, 'washing', ms, () => {
      stopTimers(bay);
      if (bay.wash) bay.wash.outcome = 'finished';
      bay.state = 'finished';
      tell(bay);
      bay.settle = clock.after(FINISHED_FOR_MS, () => {
        bay.settle = null;
        if (bay.state !== 'finished') return;
        bay.state = 'free';
        bay.wash = null;
        tell(bay);
      });
    });
  }

  /** Halts the countdown or the wash, keeping the washing time it has left. */
  function halt(bay: Bay) {
    if (bay.wash && bay.state === 'washing')
      bay.wash.remainingMs = Math.max(0, bay.endsAt - clock.now());
    stopTimers(bay);
  }

  return { remainingOf, statusOf, tell, run, wash, halt };
}
