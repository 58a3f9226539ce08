import { hostname } from 'node:os';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { inRequest } from '../lib/tracing.ts';

/** One per process: the global tracer provider is the process's, whichever app asked first. */
let provider: NodeTracerProvider | null = null;

function providerFor(config: Config): NodeTracerProvider | null {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  if (!provider) {
    provider = new NodeTracerProvider({
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
    provider.register();
  }
  return provider;
}

/**
 * Every request runs in its request scope (its id reaches the bus and device calls); with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set, every request is also a span, the child of the caller's
 * `traceparent` when it sends one, carrying the request id. Registered before any route.
 */
export async function registerTracing(app: FastifyInstance, config: Config): Promise<void> {
  const traces = providerFor(config);
  if (traces) {
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
