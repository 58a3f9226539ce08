import type { ServiceContext } from '../../platform/context.ts';

const running = new WeakMap<ServiceContext, Set<Promise<void>>>();

/**
 * Runs work after the current request has been answered. A failure is logged, never left as
 * an unhandled rejection; `settle` lets a closing app wait for what is still running.
 */
export function inBackground(ctx: ServiceContext, what: string, work: () => Promise<void>) {
  let set = running.get(ctx);
  if (!set) {
    set = new Set();
    running.set(ctx, set);
  }
  const tasks = set;
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, `${what} failed`);
    })
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Waits for the background work of this context, but no longer than `timeoutMs`. */
export async function settle(ctx: ServiceContext, timeoutMs: number) {
  const tasks = running.get(ctx);
  if (!tasks || tasks.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...tasks]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
