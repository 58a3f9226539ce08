import type { ServiceContext } from '../../platform/context.ts';
import { recordDeviceState } from './repo.ts';
import { sweepAlarms } from './service.ts';

/** How long a burst of reports waits before the sweep it asked for runs. */
const SOON_MS = 500;

/** One sweep at a time on this process, run soon after whatever asked for it. */
function sweeper(ctx: ServiceContext) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let stopped = false;
  const run = async () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await sweepAlarms(ctx);
    } catch (error) {
      ctx.log.warn({ err: error }, 'alarm sweep failed; the timer tries again');
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        soon();
      }
    }
  };
  const soon = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => void run(), SOON_MS);
    timer.unref();
  };
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
  return { soon, stop };
}

/**
 * Keeps each pump's, bay's and coffee machine's reported state (on the process that holds the
 * site, which is the one that hears it), and sweeps the alarms soon after a state changes, a
 * wash stops or resumes, or an order is accepted, instead of waiting for the timer.
 */
export function watchAlarms(ctx: ServiceContext): () => void {
  const sweep = sweeper(ctx);
  // What this process last asked to write for each device (a wash's countdown repeats its
  // state), and each device's writes one after another, so a later state never lands first.
  const written = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  const record = (
    key: string,
    state: string,
    write: () => ReturnType<typeof recordDeviceState>,
  ) => {
    if (written.get(key) === state) return;
    written.set(key, state);
    const next = (queues.get(key) ?? Promise.resolve()).then(write).then(
      (result) => {
        if (result?.changed) sweep.soon();
      },
      (error: unknown) => {
        written.delete(key);
        ctx.log.warn({ err: error, device: key }, 'device state not recorded');
      },
    );
    queues.set(key, next);
    void next.then(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  };
  const stops = [
    ctx.forecourt.subscribe((event) => {
      if (event.type !== 'pump') return;
      const point = String(event.pump);
      record(`pump:${event.site}:${point}`, event.state, () =>
        recordDeviceState(
          ctx.db,
          { kind: 'pump', site: event.site, point, state: event.state },
          ctx.clock.now(),
        ),
      );
    }),
    ctx.carwash.subscribe((event) => {
      const point = String(event.bay);
      record(`bay:${event.site}:${point}`, event.state, () =>
        recordDeviceState(
          ctx.db,
          { kind: 'bay', site: event.site, point, state: event.state },
          ctx.clock.now(),
        ),
      );
    }),
    ctx.beverageMachines.subscribe((event) => {
      record(`machine:${event.machineId}`, event.state, () =>
        recordDeviceState(
          ctx.db,
          { kind: 'machine', machineId: event.machineId, state: event.state },
          ctx.clock.now(),
        ),
      );
    }),
    ctx.bus.subscribe('stationTransaction.changed', ({ transaction }) => {
      if (transaction.service === 'carwash' && transaction.state !== 'washing') sweep.soon();
    }),
    ctx.bus.subscribe('foodOrder.changed', () => {
      sweep.soon();
    }),
  ];
  return () => {
    sweep.stop();
    for (const stop of stops) stop();
  };
}
