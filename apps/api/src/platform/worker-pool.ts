import { parentPort, Worker } from 'node:worker_threads';

/** The pool's queue is full: the caller should answer 503 and ask the client to come back. */
export class PoolFullError extends Error {
  readonly waiting: number;
  constructor(waiting: number) {
    super('worker pool queue full');
    this.waiting = waiting;
  }
}

type Reply<Out> = { ok: true; output: Out } | { ok: false; error: string };

interface Job<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

interface Slot<In, Out> {
  worker: Worker;
  job: Job<In, Out> | null;
}

export interface WorkerPool<In, Out> {
  /** Runs one job on a free worker, or queues it; rejects with PoolFullError past the bound. */
  run(input: In): Promise<Out>;
  stats(): { workers: number; busy: number; waiting: number; completed: number };
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** A TypeScript module that calls serveWorker(); loaded through ts-worker.mjs. */
  entry: URL;
  size: number;
  maxQueue: number;
}

const bootstrap = new URL('./ts-worker.mjs', import.meta.url);

/**
 * A fixed number of worker threads, started on first use, one job each at a time.
 * CPU-heavy work (PDF rendering) runs there so the event loop keeps answering.
 */
export function workerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const slots: Slot<In, Out>[] = [];
  const queue: Job<In, Out>[] = [];
  let completed = 0;
  let closed = false;

  const spawn = (): Slot<In, Out> => {
    // The parent's flags (a test runner's loaders) are not passed on; Node loads the entry itself.
    const worker = new Worker(bootstrap, {
      workerData: { entry: options.entry.href },
      execArgv: [],
    });
    worker.unref();
    const slot: Slot<In, Out> = { worker, job: null };
    const fail = (error: unknown) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      slot.job?.reject(error);
      slot.job = null;
      drain();
    };
    worker.on('message', (reply: Reply<Out>) => {
      const job = slot.job;
      slot.job = null;
      completed += 1;
      if (reply.ok) job?.resolve(reply.output);
      else job?.reject(new Error(reply.error));
      drain();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(new Error(`worker exited with code ${String(code)}`));
    });
    slots.push(slot);
    return slot;
  };

  const drain = () => {
    while (!closed && queue.length > 0) {
      const slot =
        slots.find((s) => s.job === null) ?? (slots.length < options.size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage(job.input);
    }
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error('worker pool closed'));
      const busy = slots.filter((s) => s.job !== null).length;
      if (busy >= options.size && queue.length >= options.maxQueue)
        return Promise.reject(new PoolFullError(queue.length));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        drain();
      });
    },
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((s) => s.job !== null).length,
      waiting: queue.length,
      completed,
    }),
    async close() {
      closed = true;
      const stopping = slots.splice(0);
      for (const job of queue.splice(0)) job.reject(new Error('worker pool closed'));
      for (const slot of stopping) slot.job?.reject(new Error('worker pool closed'));
      await Promise.all(stopping.map((s) => s.worker.terminate()));
    },
  };
}

/**
 * The worker side: answers each job posted by workerPool() with handle's result. The job's type is
 * the handler's own; nothing but the matching pool posts to this thread.
 */
export function serveWorker<Out>(handle: (input: never) => Promise<Out>) {
  const port = parentPort;
  if (!port) throw new Error('serveWorker must run in a worker thread');
  port.on('message', (input: unknown) => {
    handle(input as never).then(
      (output) => port.postMessage({ ok: true, output } satisfies Reply<Out>),
      (error: unknown) =>
        port.postMessage({ ok: false, error: String(error) } satisfies Reply<Out>),
    );
  });
}
