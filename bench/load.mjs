// The load generator of bench/api.ts. It runs as a child process of its own, so the
// client never shares a process or an event loop with the server it measures.
// Usage: node bench/load.mjs '<job as JSON>'; it prints one line of JSON, the result.
import autocannon from 'autocannon';

/**
 * A phase ends after `seconds` or `requests`, whichever comes first.
 * @typedef {{ seconds: number, requests: number }} Phase
 * @typedef {{ port: number, path: string, headers: Record<string, string>,
 *   connections: number, warmup: Phase, measure: Phase }} Job
 */

/**
 * @param {Job} job
 * @param {Phase} phase
 */
async function run(job, phase) {
  const started = performance.now();
  const instance = autocannon({
    url: `http://127.0.0.1:${String(job.port)}${job.path}`,
    headers: job.headers,
    connections: job.connections,
    duration: phase.seconds,
    maxOverallRequests: phase.requests,
    // A request that has no answer by then counts as an error rather than waiting on.
    timeout: 10,
  });
  // autocannon ends a run on its next one-second tick, so its own end time would round a short
  // run up; the time of the last answer is the run's real length.
  let answers = 0;
  let last = started;
  instance.on('response', () => {
    answers += 1;
    last = performance.now();
  });
  const result = await instance;
  const seconds = (last - started) / 1000;
  return {
    requests: answers,
    rps: answers / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const job = /** @type {Job} */ (JSON.parse(process.argv[2] ?? '{}'));
// The warm-up readies both sides: the server's code and this client's own, whose first
// thousands of requests run slower than the rest.
const warm = await run(job, job.warmup);
const measured = await run(job, job.measure);
measured.errors += warm.errors;
process.stdout.write(`${JSON.stringify(measured)}\n`);
