import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { reconcile } from './modules/payments/reconcile.ts';
import { renewDue } from './modules/subscriptions/service.ts';
import { DEMO_ACCOUNT, seedIfEmpty } from './seed/index.ts';

const config = loadConfig();
const app = await buildApp(config);

const seeded = await seedIfEmpty(app);

// Voids holds whose service never started; safe on every process, as its steps are keyed.
const reconciler =
  config.RECONCILE_EVERY_SECONDS > 0
    ? setInterval(() => {
        reconcile(app, config.RECONCILE_UNSTARTED_MINUTES * 60_000).catch((error: unknown) => {
          app.log.error({ err: error }, 'reconciliation failed');
        });
      }, config.RECONCILE_EVERY_SECONDS * 1000)
    : null;
reconciler?.unref();

// Renews subscriptions whose period has ended; each period is charged once, whichever process runs it.
const renewer =
  config.RENEW_EVERY_SECONDS > 0
    ? setInterval(() => {
        renewDue(app).catch((error: unknown) => {
          app.log.error({ err: error }, 'subscription renewal failed');
        });
      }, config.RENEW_EVERY_SECONDS * 1000)
    : null;
renewer?.unref();

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  if (reconciler) clearInterval(reconciler);
  if (renewer) clearInterval(renewer);
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
