// App sockets for the realtime benches, in a worker thread so that they do not compete with the
// server for its event loop: one socket per token, each noting when every (object, figure) pair
// of one event kind first arrives. Keys are `${event name}:${Math.round(figure × 1000)}`.
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';

/** One clock for every thread: performance.now() alone counts from each thread's own origin. */
export const now = () => performance.timeOrigin + performance.now();
export const keyOf = (name: string, figure: number) =>
  `${name}:${String(Math.round(figure * 1000))}`;

interface ClientJob {
  url: string;
  tokens: string[];
  /** The event kind (the third argument of the app's socket.emit) to listen for. */
  kind: string;
  /** The object's field whose value, with the event name, makes the key. */
  field: string;
}
type ToClients = { type: 'report' } | { type: 'close' };
type FromClients =
  | { type: 'connected'; ms: number }
  | { type: 'failed'; message: string }
  | { type: 'report'; keys: string[]; at: number[] }
  | { type: 'closed' };

async function runClients(port: NonNullable<typeof parentPort>, job: ClientJob) {
  const heard = new Map<string, number>();
  const started = now();
  const sockets = job.tokens.map((token) =>
    connect(job.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    }),
  );
  for (const socket of sockets)
    socket.onAny((name: string, object: Record<string, unknown> | null, kind: unknown) => {
      const figure = object?.[job.field];
      if (kind !== job.kind || typeof figure !== 'number') return;
      const key = keyOf(name, figure);
      if (!heard.has(key)) heard.set(key, now());
    });
  port.on('message', (message: ToClients) => {
    if (message.type === 'report') {
      port.postMessage({ type: 'report', keys: [...heard.keys()], at: [...heard.values()] });
      return;
    }
    for (const socket of sockets) socket.disconnect();
    port.postMessage({ type: 'closed' });
  });
  try {
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    port.postMessage({ type: 'connected', ms: now() - started });
  } catch (error) {
    port.postMessage({ type: 'failed', message: String(error) });
  }
}

/** Posts a message to the worker (if any) and waits for its next answer. */
const reply = (worker: Worker, message?: ToClients) =>
  new Promise<FromClients>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    worker.once('error', failed);
    worker.once('message', (answer: FromClients) => {
      worker.off('error', failed);
      resolve(answer);
    });
    if (message) worker.postMessage(message);
  });

export interface Clients {
  connectMs: number;
  report(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export async function startClients(job: ClientJob): Promise<Clients> {
  const worker = new Worker(new URL(import.meta.url), { workerData: job });
  const first = await reply(worker);
  if (first.type !== 'connected') {
    await worker.terminate();
    throw new Error(`clients did not connect: ${first.type === 'failed' ? first.message : ''}`);
  }
  return {
    connectMs: first.ms,
    async report() {
      const answer = await reply(worker, { type: 'report' });
      if (answer.type !== 'report') throw new Error('no report from the clients');
      return new Map(answer.keys.map((key, i) => [key, answer.at[i] ?? NaN]));
    },
    async close() {
      await reply(worker, { type: 'close' });
      await worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) await runClients(parentPort, workerData as ClientJob);
