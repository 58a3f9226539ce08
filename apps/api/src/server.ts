import { keepCompiledCode } from './compile-cache.ts';

// The modules are loaded below, after the compile cache is on.
await keepCompiledCode();

const { loadConfig } = await import('./config.ts');
const config = loadConfig();

// The embedded database starts (WebAssembly, PostgreSQL, migrations) while the app's modules
// load. PostgreSQL is opened by the app itself, which reports its dropped connections.
const embedded = config.DATABASE_URL
  ? undefined
  : import('./db/client.ts').then(({ openDatabase }) =>
      openDatabase({ dataDir: config.DATA_DIR, simulators: config.simulators.length > 0 }),
    );
// Its failure is reported where it is awaited, once the modules have loaded.
embedded?.catch(() => undefined);

const [{ buildApp }, { DEMO_ACCOUNT, seedIfEmpty }, { atStart }] = await Promise.all([
  import('./app.ts'),
  import('./seed/index.ts'),
  import('./services.ts'),
]);

const database = await embedded;
const app = await buildApp(config, database ? { database } : {});

const seeded = await seedIfEmpty(app.ctx);

await app.ctx.jobs.start();
atStart(app.ctx);

let stopChargers: (() => Promise<void>) | null = null;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // The balancer hears "not ready" and sends new requests elsewhere while these finish.
  app.ctx.lifecycle.draining = true;
  if (config.SHUTDOWN_DRAIN_SECONDS > 0)
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
  await stopChargers?.();
  metrics?.close();
  // A run in progress finishes first; one cut off by a kill is taken over when its lease lapses.
  await app.ctx.jobs.stop();
  // Requests in flight finish; the chargers' and sites' connections close with "going away", and
  // the devices dial again at once, through the balancer, to another process.
  await app.close();
  // The app leaves a database it was given open.
  await database?.close();
  // The last spans, when traces are on.
  await (await import('./plugins/tracing.ts')).flushTraces().catch(() => undefined);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });

// The metrics, on a port of their own; one that is taken costs the figures, not the service.
const { serveMetrics } = await import('./modules/system/index.ts');
const metrics =
  config.METRICS_PORT > 0
    ? await serveMetrics(app.ctx, config.METRICS_PORT, config.METRICS_HOST).catch(
        (error: unknown) => {
          app.log.warn(
            { err: error, port: config.METRICS_PORT },
            'metrics not served: the port is taken',
          );
          return null;
        },
      )
    : null;

// The seeded installations' chargers connect to this app's own /ocpp as real chargers would.
if (config.simChargers) {
  const [{ SEEDED_CHARGERS }, { setChargerFleet, startChargerFleet }] = await Promise.all([
    import('./seed/charging.ts'),
    import('./integrations/ocpp-sim/index.ts'),
  ]);
  const port = (app.server.address() as { port: number }).port;
  const fleet = startChargerFleet({
    url: `ws://127.0.0.1:${String(port)}/ocpp`,
    chargers: SEEDED_CHARGERS.map((c) => ({
      identity: c.identity,
      protocol: c.protocol,
      connectors: c.connectors,
      maxPowerKw: c.maxPowerKw,
    })),
    speed: config.SIM_SPEED,
    autoPlug: config.SIM_AUTO_CUSTOMER === 'true',
    log: {
      info: (obj, msg) => {
        app.log.info(obj as object, String(msg));
      },
      warn: (obj, msg) => {
        app.log.warn(obj as object, String(msg));
      },
    },
  });
  setChargerFleet(fleet);
  stopChargers = () => fleet.close();
}

const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
console.log(
  [
    '',
    `  Støð is running at ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/api/docs`,
    `  Database:  ${where}${seeded ? ' (demo data seeded)' : ''}`,
    `  Mail:      ${app.ctx.mailer.kind === 'smtp' ? 'SMTP' : `dev outbox at ${config.publicUrl}/api/dev/outbox`}`,
    `  Demo user: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    `  Chargers:  OCPP-J at ${config.publicUrl.replace(/^http/, 'ws')}/ocpp/{identity}${config.simChargers ? ' (simulated chargers connected)' : ''}`,
    '',
  ].join('\n'),
);
