import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { defaultLocale, localeFromHeader, translate } from '@stod/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, SimulatorName } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { outboxMailer } from './integrations/mail/outbox.ts';
import type { Mailer } from './integrations/mail/port.ts';
import { smtpMailer } from './integrations/mail/smtp.ts';
import { memoryCounter } from './integrations/ratelimit/memory.ts';
import { oidcProvider } from './integrations/identity/oidc.ts';
import type { IdentityProvider } from './integrations/identity/port.ts';
import {
  injectFetch,
  registerIdentitySim,
  SIM_IDENTITY_PATH,
} from './integrations/identity/sim.ts';
import type { PaymentGateway } from './integrations/payments/port.ts';
import { registerGatewaySimPage } from './integrations/payments/sim-page.ts';
import { gatewaySim } from './integrations/payments/sim.ts';
import type { ProviderCardsPort } from './integrations/provider-cards/port.ts';
import { registerProviderCardsSim } from './integrations/provider-cards/sim-routes.ts';
import { providerCardsSim } from './integrations/provider-cards/sim.ts';
import type { ProviderStationsPort } from './integrations/provider-stations/port.ts';
import { providerStationsSim } from './integrations/provider-stations/sim.ts';
import type { Counter } from './integrations/ratelimit/port.ts';
import { redisCounter } from './integrations/ratelimit/redis.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { stationRoutes } from './modules/stations/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { receiptPdfs } from './modules/receipts/index.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { voucherRoutes } from './modules/vouchers/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { companyOf } from './modules/system/index.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { localBus } from './platform/bus.ts';
import { jobRegistry } from './platform/jobs.ts';
import { redisBus } from './platform/redis-bus.ts';
import { attachRealtime } from './platform/realtime.ts';
import './plugins/context.ts';
import { registerErrorHandling } from './plugins/errors.ts';

export const BODY_LIMIT = 1024 * 1024;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDeps {
  database?: Database;
  mailer?: Mailer;
  counter?: Counter;
  providerStations?: ProviderStationsPort;
  providerCards?: ProviderCardsPort;
  gateway?: PaymentGateway;
  identity?: IdentityProvider;
}

/** Assembles the API and, when built, the web app. It never listens. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    // A client that trickles its headers or body loses its connection instead of holding it.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      // Node checks those two timeouts only this often (30 s by default).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.HEADERS_TIMEOUT_MS / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'database connection lost; the pool reconnects'),
      simulators: config.simulators.length > 0,
    }));
  const counter =
    deps.counter ??
    (config.REDIS_URL
      ? redisCounter(config.REDIS_URL, `${config.REDIS_KEY_PREFIX}rl:`)
      : memoryCounter());
  const mailer =
    deps.mailer ??
    (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(database.db));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('counter', counter);
  // A simulator runs only where config.simulators says so: never in production unless named.
  const simulates = (name: SimulatorName) => config.simulators.includes(name);
  const missing = (what: string) =>
    new Error(`No ${what} adapter: name its simulator in SIMULATORS or configure the real one`);
  const sim =
    deps.gateway || !simulates('gateway')
      ? null
      : gatewaySim({
          db: database.db,
          pageBaseUrl: `${config.publicUrl}/api/sim/gateway`,
          latencyMs: config.GATEWAY_LATENCY_MS,
          failureRate: config.GATEWAY_FAILURE_RATE,
        });
  const gateway = deps.gateway ?? sim;
  if (!gateway) throw missing('card gateway');
  app.decorate('gateway', gateway);
  // Without a real issuer, the API serves its own small OIDC provider and talks to it in-process.
  const identitySim = !deps.identity && !config.IDENTITY_ISSUER_URL && simulates('identity');
  if (!deps.identity && !config.IDENTITY_ISSUER_URL && !identitySim) throw missing('identity');
  app.decorate(
    'identity',
    deps.identity ??
      oidcProvider({
        issuer: config.IDENTITY_ISSUER_URL ?? `${config.publicUrl}${SIM_IDENTITY_PATH}`,
        clientId: config.IDENTITY_CLIENT_ID,
        clientSecret: config.IDENTITY_CLIENT_SECRET,
        fetch: identitySim ? injectFetch(app) : fetch,
        allowInsecure: identitySim,
      }),
  );
  const stations =
    deps.providerStations ??
    (simulates('provider-stations')
      ? providerStationsSim({
          latencyMs: config.PROVIDER_STATIONS_LATENCY_MS,
          failureRate: config.PROVIDER_STATIONS_FAILURE_RATE,
        })
      : null);
  if (!stations) throw missing('provider stations');
  app.decorate('providerStations', stations);
  const cardsSim =
    deps.providerCards || !simulates('provider-cards')
      ? null
      : providerCardsSim({
          db: database.db,
          latencyMs: config.PROVIDER_CARDS_LATENCY_MS,
          failureRate: config.PROVIDER_CARDS_FAILURE_RATE,
        });
  const providerCards: ProviderCardsPort | null = deps.providerCards ?? cardsSim;
  if (!providerCards) throw missing('provider card issuer');
  app.decorate('providerCards', providerCards);
  const pdfs = receiptPdfs({
    workers: config.PDF_WORKERS,
    queueMax: config.PDF_QUEUE_MAX,
    perUser: config.PDF_PER_USER,
    cacheBytes: Math.round(config.PDF_CACHE_MB * 1024 * 1024),
    brand: companyOf(config),
  });
  app.decorate('receiptPdfs', pdfs);
  // With Redis, an event raised on one process reaches the listeners of every process.
  const bus = config.REDIS_URL
    ? await redisBus({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, log: app.log })
    : localBus((error, name) => {
        app.log.error({ err: error, event: name }, 'an event listener failed');
      });
  app.decorate('bus', bus);
  // Jobs run only once the process starts them (server.ts); tests start their own.
  const jobs = jobRegistry<FastifyInstance>({ db: database.db, log: app.log, context: app });
  app.decorate('jobs', jobs);
  const realtime = attachRealtime(app);
  // Open sockets would hold the server's close; they go first.
  app.addHook('preClose', () => realtime.close());
  if (config.isProduction && config.simulators.length > 0)
    app.log.warn(
      { simulators: config.simulators },
      `SIMULATORS: ${config.simulators.join(', ')} run simulated in production; not for real customers`,
    );
  app.decorateRequest('locale', defaultLocale);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    void reply.header('content-language', request.locale);
    done();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await Promise.allSettled([mailer.close(), counter.close(), pdfs.close(), bus.close()]);
    if (!deps.database) await database.close();
  });

  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Støð API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // Only the API is limited; the app's static files are not.
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_PER_MINUTE,
        timeWindow: '1 minute',
        errorResponseBuilder: (request, context) => ({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: translate('error.rateLimited', request.locale),
          retryAfter: context.after,
        }),
      });
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(systemRoutes);
      await api.register(stationRoutes);
      await api.register(walletRoutes);
      await api.register(identityRoutes);
      await api.register(receiptRoutes);
      await api.register(voucherRoutes);
      await api.register(subscriptionRoutes);
      await api.register(adminRoutes);
      if (!config.isProduction) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  if (sim) registerGatewaySimPage(app, sim);
  if (identitySim) registerIdentitySim(app, config.IDENTITY_CLIENT_SECRET);
  if (cardsSim && !config.isProduction) registerProviderCardsSim(app, cardsSim);

  const webDist = config.WEB_DIST ?? defaultWebDist;
  const hasWeb = existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; send those to clients that take them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Deep links are the single-page app's to resolve, including its own 404 screen.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: translate('error.notFound', request.locale),
    });
  });

  return app;
}
