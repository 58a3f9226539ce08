/**
 * Runs `task` after every earlier task of the same key in this process has settled, whether it
 * failed or not: the work on one connector, one installation, goes one at a time here. Across
 * processes the key's owner (or a database lock) keeps the order.
 */
const queues = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
