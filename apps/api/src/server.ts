import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNT, seedIfEmpty } from './seed/index.ts';
import { atStart } from './services.ts';

const config = loadConfig();
const app = await buildApp(config);

const seeded = await seedIfEmpty(app.ctx);

await app.ctx.jobs.start();
atStart(app.ctx);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // A run in progress finishes first; one cut off by a kill is taken over when its lease lapses.
  await app.ctx.jobs.stop();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });

const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
console.log(
  [
    '',
    `  Støð is running at ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/api/docs`,
    `  Database:  ${where}${seeded ? ' (demo data seeded)' : ''}`,
    `  Mail:      ${app.ctx.mailer.kind === 'smtp' ? 'SMTP' : `dev outbox at ${config.publicUrl}/api/dev/outbox`}`,
    `  Demo user: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    '',
  ].join('\n'),
);
