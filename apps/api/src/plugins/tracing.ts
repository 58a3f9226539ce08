import { hostname } from 'node:os';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { inRequest } from '../lib/tracing.ts';

/** One per process: the global tracer provider is the process's, whichever app asked first. */
let provider: NodeTracerProvider | null = null;
let making: Promise<NodeTracerProvider> | null = null;

/**
 * OpenTelemetry's packages are loaded only when traces are on: they are a fifth of a second of
 * the start that a process without a collector would spend for nothing.
 */
function providerFor(config: Config): Promise<NodeTracerProvider> | null {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  making ??= makeProvider(config, endpoint);
  return making;
}

async function makeProvider(config: Config, endpoint: string): Promise<NodeTracerProvider> {
  const [
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider },
  ] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const made = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.OTEL_SERVICE_NAME,
      'service.instance.id': `${hostname()}:${String(process.pid)}`,
    }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  // W3C trace context in and out, and the active span kept across awaits.
  made.register();
  provider = made;
  return made;
}

/**
 * Every request runs in its request scope (its id reaches the bus and device calls); with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set, every request is also a span, the child of the caller's
 * `traceparent` when it sends one, carrying the request id. Registered before any route.
 */
export async function registerTracing(app: FastifyInstance, config: Config): Promise<void> {
  const traces = await providerFor(config);
  if (traces) {
    const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');
    const instrumentation = new FastifyOtelInstrumentation({
      requestHook: (span, request) => {
        span.setAttribute('stod.request_id', request.id);
      },
    });
    instrumentation.setTracerProvider(traces);
    await app.register(instrumentation.plugin());
  }
  app.addHook('onRequest', (request, _reply, done) => {
    inRequest(request.id, done);
  });
  // Reading a body runs in the socket's callbacks, outside the scope: the rest runs in it again.
  app.addHook('preValidation', (request, _reply, done) => {
    inRequest(request.id, done);
  });
}

/** Sends the spans not yet sent; a stopping process calls it last. */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}
