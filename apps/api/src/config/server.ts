import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** The server: where it listens, its database and Redis, its limits on requests and PDFs. */
export const serverEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` removes the dev outbox and the `/api/dev/*` simulator controls'),
  HOST: z.string().default('0.0.0.0').describe('listen address'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('HTTP port of the one process (API, web app, docs)'),
  PUBLIC_URL: z.url().optional().describe('the address users reach; used in e-mailed links'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level, or `silent`'),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe('where the embedded database lives; `:memory:` keeps nothing'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('`postgres://…`: use this PostgreSQL server instead of PGlite'),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('connections per process to PostgreSQL'),
  REDIS_URL: z
    .string()
    .optional()
    .describe(
      '`redis://…`: rate-limit counters, the event bus and the realtime adapter shared by every API process',
    ),
  REDIS_KEY_PREFIX: z.string().default('stod:').describe('prefix of every Redis key'),
  WEB_DIST: z.string().optional().describe('the built web app to serve'),
  CONSOLE_DIST: z.string().optional().describe('the built staff console to serve at `/console`'),
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe('`auto` seeds an empty database, `true` always, `false` never'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'the load balancers whose `X-Forwarded-For` counts: addresses or CIDRs, comma-separated, or `loopback`, `linklocal`, `uniquelocal`; `true` and hop counts are refused',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(1200)
    .describe('requests per address per minute, all routes'),
  CHECK_RESPONSES: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'also write every answer with zod and fail it where the compiled serializer differs (`true` under `NODE_ENV=test`, else `false`)',
    ),
  API_DOCS: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'serve the API reference at `/api/docs` (`true` outside production, `false` in production)',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(9464)
    .describe(
      'the port of `GET /metrics` (Prometheus text), apart from the public one; `0` turns it off',
    ),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe('the address `/metrics` listens on; never a public one'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe(
      'an OpenTelemetry collector (OTLP over HTTP, e.g. `http://127.0.0.1:4318`): requests, events on the bus and device calls are traced to `<endpoint>/v1/traces`; unset, nothing is traced',
    ),
  OTEL_SERVICE_NAME: z
    .string()
    .min(1)
    .default('stod-api')
    .describe('the `service.name` the traces carry'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120)
    .default(0)
    .describe(
      'on SIGTERM, how long `/api/health/ready` answers 503 before the process stops taking connections (set it above the balancer’s check interval times its fall count)',
    ),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .describe('the time to receive a whole request'),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(10_000)
    .describe('the time to receive the headers; at most `REQUEST_TIMEOUT_MS`'),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(65_000)
    .describe("idle keep-alive connections close after this; keep it above the load balancer's"),
  CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe('an idle socket closes after this'),
  PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(2, availableParallelism() - 1)))
    .describe('worker threads that render receipt PDFs'),
  PDF_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(50)
    .describe('PDFs waiting for a worker; beyond it 503 with `Retry-After`'),
  PDF_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(2)
    .describe("one user's PDFs rendering at once; beyond it 429"),
  PDF_CACHE_MB: z.coerce
    .number()
    .min(0)
    .max(1024)
    .default(16)
    .describe('memory for rendered receipts (a receipt never changes)'),
});
