import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNT, seedIfEmpty } from './seed/index.ts';
import { atStart } from './services.ts';
import { SEEDED_CHARGERS } from './seed/charging.ts';
import { setChargerFleet, startChargerFleet } from './integrations/ocpp-sim/index.ts';

const config = loadConfig();
const app = await buildApp(config);

const seeded = await seedIfEmpty(app.ctx);

await app.ctx.jobs.start();
atStart(app.ctx);

let stopChargers: (() => Promise<void>) | null = null;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await stopChargers?.();
  // A run in progress finishes first; one cut off by a kill is taken over when its lease lapses.
  await app.ctx.jobs.stop();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });

// The seeded installations' chargers connect to this app's own /ocpp as real chargers would.
if (config.simChargers) {
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
