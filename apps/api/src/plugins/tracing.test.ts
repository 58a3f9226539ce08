import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRequestId, inRequest, inSpan } from '../lib/tracing.ts';
import { redisBus } from '../platform/redis-bus.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { flushTraces } from './tracing.ts';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/** An OpenTelemetry collector as far as the OTLP/HTTP JSON exporter can tell. */
let collector: Server;
const spans: ExportedSpan[] = [];
let t: TestApp;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const sent = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of sent.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(port)}/` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => collector.close(resolve));
});

const attribute = (span: ExportedSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('traces', () => {
  it('make a request a span of the caller’s trace, carrying the request id, sent to the collector', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const res = await t.app.inject({
      url: '/api/stations',
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.statusCode).toBe(200);
    await flushTraces();
    const request = spans.find((s) => s.traceId === traceId && s.parentSpanId === parentId);
    expect(request).toBeDefined();
    expect(attribute(request!, 'stod.request_id')).toBe(res.headers['x-request-id']);
    expect(attribute(request!, 'http.route')).toBe('/api/stations');
  });

  it('start a new trace for a request without one', async () => {
    const before = new Set(spans.map((s) => s.traceId));
    const res = await t.app.inject({ url: '/api/stations' });
    await flushTraces();
    const request = spans.find(
      (s) =>
        !before.has(s.traceId) && attribute(s, 'stod.request_id') === res.headers['x-request-id'],
    );
    expect(request?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keep the request id across awaits and timers', async () => {
    const seen = await inRequest('req-a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('req-a');
    expect(currentRequestId()).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('traces over the bus on Redis', () => {
  it('reach a listener in another process’s bus with the publisher’s trace and request id', async () => {
    const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
    const log = { error: () => undefined, warn: () => undefined };
    const url = process.env.TEST_REDIS_URL!;
    const [publisher, listener] = await Promise.all([
      redisBus({ url, prefix, log }),
      redisBus({ url, prefix, log }),
    ]);
    try {
      const heard = new Promise<{ requestId?: string; traceId?: string }>((resolve) => {
        listener.subscribe('stations.changed', () => {
          resolve({
            requestId: currentRequestId(),
            traceId: trace.getActiveSpan()?.spanContext().traceId,
          });
        });
      });
      const sentTrace = await inRequest('req-bus-1', () =>
        inSpan('publish', {}, async () => {
          await publisher.publish('stations.changed', { stationId: 1 });
          return trace.getActiveSpan()?.spanContext().traceId;
        }),
      );
      expect(sentTrace).toMatch(/^[0-9a-f]{32}$/);
      expect(await heard).toEqual({ requestId: 'req-bus-1', traceId: sentTrace });
    } finally {
      await Promise.all([publisher.close(), listener.close()]);
    }
  });
});
