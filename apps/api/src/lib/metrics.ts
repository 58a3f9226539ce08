import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics` on METRICS_PORT, never on the public port).
 * One registry per process: each API process is scraped on its own and the series are summed
 * over them. Only low-cardinality labels: a route's pattern, never its path; an action's name,
 * never a device's identity.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'stod_' });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Histogram({
  name: 'stod_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: seconds,
  registers: [registry],
});

export const deviceMessages = new Counter({
  name: 'stod_device_messages_total',
  help: 'Calls a device made to the platform, by protocol (ocpp, site) and action',
  labelNames: ['protocol', 'action', 'outcome'] as const,
  registers: [registry],
});

export const deviceConnections = new Gauge({
  name: 'stod_device_connections',
  help: 'Open connections of chargers (ocpp) and sites (site) on this process',
  labelNames: ['protocol'] as const,
  registers: [registry],
});

export const deviceCommands = new Histogram({
  name: 'stod_device_command_duration_seconds',
  help: 'Commands to a device through its holder, by kind, action and outcome (ok, refused, offline)',
  labelNames: ['kind', 'action', 'outcome'] as const,
  buckets: seconds,
  registers: [registry],
});

export const jobRuns = new Histogram({
  name: 'stod_job_run_duration_seconds',
  help: 'Job runs by job and outcome (ok, failed), with their duration',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [registry],
});

export const paymentSteps = new Counter({
  name: 'stod_payment_steps_total',
  help: 'Steps taken at the card gateway, by kind (hold, capture, void, refund) and outcome',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

/** The seconds since `start` (from performance.now()), for a histogram. */
export const since = (start: number) => (performance.now() - start) / 1000;

export const openTransactions = new Gauge({
  name: 'stod_open_transactions',
  help: 'Transactions not yet finished, by kind (fuel, carwash, charge, food, beverage), read at the scrape',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const databasePool = new Gauge({
  name: 'stod_database_pool_connections',
  help: 'The PostgreSQL pool of this process: total, idle and waiting clients',
  labelNames: ['state'] as const,
  registers: [registry],
});
