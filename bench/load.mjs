// A load generator for bench/api.ts; it runs in its own worker thread so it
// does not compete with the server for the event loop.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @param {{port: number, path: string, headers: Record<string,string>, concurrency: number, requests: number}} job */
async function run(job) {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  /** @type {number[]} */
  const latencies = [];
  let next = 0;
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: job.port, path: job.path, agent, headers: job.headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors += 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (next < job.requests) {
      next += 1;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: job.requests / seconds, p50: at(0.5), p99: at(0.99), errors };
}

if (parentPort) {
  const port = parentPort;
  void run(workerData).then((result) => port.postMessage(result));
}
