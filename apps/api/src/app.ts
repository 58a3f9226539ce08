import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { requestIds } from './lib/request-id.ts';
import { httpRequests } from './lib/metrics.ts';
import { notFound } from './lib/errors.ts';
import { AUDIT_REASON_MAX, defaultLocale, localeFromHeader, translate } from '@stod/domain';
import type { ZodType } from 'zod';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { injectFetch, registerIdentitySim } from './integrations/identity/sim.ts';
import { registerGatewaySimPage } from './integrations/payments/sim-page.ts';
import { registerProviderCardsSim } from './integrations/provider-cards/sim-routes.ts';
import { recordStaffAction } from './modules/audit/index.ts';
import { authenticate } from './modules/auth/index.ts';
import { registerDeviceSims } from './modules/dev/index.ts';
import type { PortOverrides } from './platform/adapters.ts';
import type { Clock } from './platform/context.ts';
import { leasedRateLimitStore } from './platform/rate-limit-store.ts';
import { attachRealtime, REALTIME_PATH } from './platform/realtime.ts';
import type { AuditChange } from './plugins/audit-change.ts';
import { contextPlugin } from './plugins/context.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { transform, transformObject } from './plugins/openapi.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerTracing } from './plugins/tracing.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { compileSerializer } from './plugins/serializer.ts';
import { createServices, modules, realtimeProjections, staffRealtime } from './services.ts';
import { registerStaticApps } from './static.ts';
import { createTlsEndpoint } from './platform/tls-endpoint.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The staff routes whose changes are audited. */
const STAFF_ROUTE = /^\/api\/(admin|kitchen)\//;

/** A header's text, percent-encoded UTF-8 as a browser sends Faroese letters in a header. */
function decoded(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * The reason a staff member gave: the `X-Audit-Reason` header (percent-encoded UTF-8), or a
 * body's `reason`.
 */
function reasonOf(header: string | string[] | undefined, body: unknown): string | null {
  const given =
    decoded(Array.isArray(header) ? header[0] : header) ??
    (body && typeof body === 'object' && 'reason' in body ? body.reason : undefined);
  return typeof given === 'string' && given.trim() ? given.trim().slice(0, AUDIT_REASON_MAX) : null;
}

/**
 * What the action changed: as the route told it, else its answer as the after. A refused action
 * changed nothing, whatever was read before it.
 */
function changeOf(request: FastifyRequest, status: number): AuditChange {
  if (status >= 300) return {};
  const told = request.auditChange ?? {};
  if ('after' in told || request.auditAnswer === null) return told;
  try {
    return { ...told, after: JSON.parse(request.auditAnswer) as unknown };
  } catch {
    return told;
  }
}

export const BODY_LIMIT = 1024 * 1024;

/** What a test may hand in instead of what the configuration would choose. */
export interface AppDeps extends PortOverrides {
  database?: Database;
  clock?: Clock;
}

export interface RouteEntry {
  method: string;
  /** Fastify's pattern: `:name` for a path parameter, `*` for a wildcard. */
  url: string;
}

/** The routes each built app serves (see the onRoute hook in buildApp). */
export const routeTables = new WeakMap<object, RouteEntry[]>();

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
    requestIdHeader: false,
    genReqId: requestIds(config.TRUST_PROXY),
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

  // Every route as Fastify holds it, documented or not, for the checks that must see them all.
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  // Fastify hands a missing body to validation as null: it is validated as what it is, no body, so
  // a route whose body is optional takes a request without one.
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body'
      ? (data: unknown) => validate(data === null ? undefined : data)
      : validate;
  });
  app.setSerializerCompiler(compileSerializer(config.checkResponses));
  // Before any route or hook, so that each is part of the request's span.
  await registerTracing(app, config);

  const { database, clock, ...ports } = deps;
  const owned = await createServices(config, {
    log: app.log,
    ...(database ? { database } : {}),
    ...(clock ? { clock } : {}),
    ports,
    // The built-in identity provider is served by this app; its client reaches it in-process.
    identityFetch: injectFetch(app),
  });
  const { ctx, simulators } = owned;
  await app.register(contextPlugin, { ctx, authenticate: (token) => authenticate(ctx, token) });
  const realtime = attachRealtime(app.server, ctx, {
    authenticate: (token) => authenticate(ctx, token),
    projections: realtimeProjections,
    staff: staffRealtime(ctx),
  });
  // Endpoints of their own on the same server: the chargers' OCPP-J at /ocpp/{identity} and
  // the sites' protocol at /site/{siteId}.
  const endpoints = modules.flatMap((module) => module.sockets?.(ctx, app.log) ?? []);
  app.server.on('upgrade', (request, socket, head) => {
    if (endpoints.some((endpoint) => endpoint.handleUpgrade(request, socket, head))) return;
    // Socket.IO takes its own path; any other upgrade is ended here.
    if ((request.url ?? '').startsWith(`${REALTIME_PATH}/`)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  // The same endpoints with TLS on a port of their own, when the API holds a certificate.
  const tls =
    config.OCPP_TLS_CERT && config.OCPP_TLS_KEY
      ? createTlsEndpoint(
          {
            cert: config.OCPP_TLS_CERT,
            key: config.OCPP_TLS_KEY,
            clientCa: config.OCPP_TLS_CLIENT_CA,
            port: config.OCPP_TLS_PORT,
          },
          (request, socket, head) =>
            endpoints.some((endpoint) => endpoint.handleUpgrade(request, socket, head)),
        )
      : null;
  app.decorate('tlsEndpoint', tls);
  if (tls) app.addHook('onListen', () => tls.listen(config.HOST));
  // Open sockets would hold the server's close; they go first.
  app.addHook('preClose', async () => {
    await Promise.all([realtime.close(), ...endpoints.map((endpoint) => endpoint.close())]);
    await tls?.close();
  });
  app.decorateRequest('locale', defaultLocale);
  app.decorateRequest('auth', null);
  app.decorateRequest('auditChange', null);
  app.decorateRequest('auditAnswer', null);
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    void reply.header('content-language', request.locale);
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onClose', () => owned.close());
  const isStaffChange = (request: FastifyRequest) =>
    Boolean(request.auth?.role) &&
    !READS.has(request.method) &&
    STAFF_ROUTE.test(request.routeOptions.url ?? '');
  // A successful staff change's answer is what the object became, unless the route said more.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      isStaffChange(request) &&
      reply.statusCode < 300 &&
      typeof payload === 'string' &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      request.auditAnswer = payload;
    done(null, payload);
  });
  // Every change a staff member asks of the staff routes is kept, however it ended.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const role = request.auth?.role;
    if (!role || !request.auth || !route || !isStaffChange(request)) return;
    await recordStaffAction(ctx, {
      actorId: request.auth.userId,
      actorRole: role,
      method: request.method,
      route,
      params: (request.params ?? {}) as Record<string, string>,
      body: request.body,
      bytes: Number(request.headers['content-length']) || null,
      status: reply.statusCode,
      reason: reasonOf(request.headers['x-audit-reason'], request.body),
      requestId: request.id,
      change: changeOf(request, reply.statusCode),
    });
  });
  app.addHook('onResponse', (request, reply, done) => {
    httpRequests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(securityHeaders, {
    options: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // WebAssembly: the QR scanner's decoder where the browser has no BarcodeDetector.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          // The web app's service worker (/sw.js) and its manifest, from this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
        },
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
    transform,
    transformObject,
  });
  // The reference is for developers; production serves it only when asked to (API_DOCS).
  if ((config.API_DOCS ?? (config.isProduction ? 'false' : 'true')) === 'true')
    await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const limitStore = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  if (limitStore) {
    limitStore.on('error', (error: Error) => {
      app.log.debug({ err: error }, 'rate-limit store unreachable');
    });
    app.addHook('onClose', async () => {
      await limitStore.quit().catch(() => limitStore.disconnect());
    });
  }
  await app.register(
    async (api) => {
      // Only the API is limited; the app's static files are not.
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_PER_MINUTE,
        timeWindow: '1 minute',
        // With Redis every process counts against the same limit, leasing requests in batches
        // (decision 0065); a Redis that does not answer lets requests through rather than refuse
        // them all.
        ...(limitStore
          ? {
              store: leasedRateLimitStore(limitStore, `${config.REDIS_KEY_PREFIX}rl-api:`),
              skipOnError: true,
            }
          : {}),
        errorResponseBuilder: (request, context) => ({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: translate('error.rateLimited', request.locale),
          retryAfter: context.after,
        }),
      });
      for (const module of modules) {
        for (const routes of module.routes ?? []) await api.register(routes);
        if (!config.isProduction)
          for (const routes of module.devRoutes ?? []) await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  if (simulators.gateway) registerGatewaySimPage(app, simulators.gateway);
  registerDeviceSims(app, simulators);
  if (simulators.identity) registerIdentitySim(app, config.IDENTITY_CLIENT_SECRET);
  if (simulators.providerCards && !config.isProduction)
    registerProviderCardsSim(app, simulators.providerCards);

  // The metrics have a port of their own (METRICS_PORT); here, where the public reaches, they are not.
  app.get('/metrics', { schema: { hide: true } }, () => {
    throw notFound();
  });

  await registerStaticApps(app, config);

  return app;
}
