import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { reconcile } from './modules/payments/index.ts';
import { renewDue } from './modules/subscriptions/index.ts';
import { DEMO_ACCOUNT, seedIfEmpty } from './seed/index.ts';

const config = loadConfig();
const app = await buildApp(config);

const seeded = await seedIfEmpty(app);

// Voids holds whose service never started; safe to repeat after a crash, as its steps are keyed.
if (config.RECONCILE_EVERY_SECONDS > 0)
  app.jobs.every('payments.reconcile', config.RECONCILE_EVERY_SECONDS, (context) =>
    reconcile(context, config.RECONCILE_UNSTARTED_MINUTES * 60_000),
  );

// Renews subscriptions whose period has ended; each period is charged once, whichever process runs it.
if (config.RENEW_EVERY_SECONDS > 0)
  app.jobs.every('subscriptions.renew', config.RENEW_EVERY_SECONDS, (context) => renewDue(context));

await app.jobs.start();

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // A run in progress finishes first; one cut off by a kill is taken over when its lease lapses.
  await app.jobs.stop();
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
    `  Mail:      ${app.mailer.kind === 'smtp' ? 'SMTP' : `dev outbox at ${config.publicUrl}/api/dev/outbox`}`,
    `  Demo user: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    '',
  ].join('\n'),
);
