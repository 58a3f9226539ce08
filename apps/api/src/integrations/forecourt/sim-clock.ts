import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** What the device simulators log: a listener that failed, a step worth seeing in development. */
export type SimLog = Pick<FastifyBaseLogger, 'warn' | 'debug'>;

/** No simulated tick runs more often than this, however fast SIM_SPEED makes the devices. */
export const MIN_TICK_MS = 20;

export interface SimClock {
  /** Simulated milliseconds on a monotonic clock: a difference of two readings is simulated time. */
  now(): number;
  /** Runs once after `simMs` simulated milliseconds. */
  after(simMs: number, run: () => void): NodeJS.Timeout;
  /**
   * Runs about every `simMs` simulated milliseconds, never more often than MIN_TICK_MS real ones;
   * the caller measures the time that really passed with `now()`.
   */
  every(simMs: number, run: () => void): NodeJS.Timeout;
  cancel(timer: NodeJS.Timeout | null | undefined): void;
  /** Clears every timer still pending; later calls to `after` and `every` do nothing. */
  close(): void;
}

/**
 * The devices' sense of time, `speed` times faster than the wall clock. Every timer is unref'd,
 * so a simulator never keeps a process alive, and each is tracked, so `close()` leaves none.
 */
export function simClock(speed: number): SimClock {
  if (!(speed > 0)) throw new RangeError('speed must be above zero');
  const pending = new Set<NodeJS.Timeout>();
  let closed = false;
  const real = (simMs: number) => Math.max(0, simMs / speed);
  const track = (timer: NodeJS.Timeout) => {
    timer.unref();
    if (closed) clearTimeout(timer);
    else pending.add(timer);
    return timer;
  };
  return {
    now: () => performance.now() * speed,
    after(simMs, run) {
      const timer: NodeJS.Timeout = setTimeout(() => {
        pending.delete(timer);
        run();
      }, real(simMs));
      return track(timer);
    },
    every(simMs, run) {
      return track(setInterval(run, Math.max(MIN_TICK_MS, real(simMs))));
    },
    cancel(timer) {
      if (!timer) return;
      clearTimeout(timer);
      pending.delete(timer);
    },
    close() {
      closed = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** The listeners of one simulator; one that throws is logged and the others still hear the event. */
export function simListeners<E>(log: SimLog | undefined) {
  const listeners = new Set<(event: E) => void>();
  return {
    subscribe(listener: (event: E) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event: E) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          log?.warn({ err: error }, 'a device listener failed');
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}

/** A random whole or fractional number in [min, max). */
export const between = (random: () => number, min: number, max: number) =>
  min + (max - min) * random();
