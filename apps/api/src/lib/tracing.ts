import { AsyncLocalStorage } from 'node:async_hooks';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';

/**
 * What follows a piece of work from one process to another (an event on the bus, a call for a
 * device held elsewhere): the W3C `traceparent`/`tracestate` of the span it belongs to, when
 * traces are on, and the id of the HTTP request that started it, always.
 */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
  requestId?: string;
}

/** The request a piece of work belongs to, across awaits, timers and listeners. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn`, and everything it starts, as part of request `requestId`. */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** The id of the request the running code belongs to, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** The carrier of the running code's trace and request, or null when it has neither. */
export function traceCarrier(): TraceCarrier | null {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  const requestId = currentRequestId();
  if (requestId) carrier.requestId = requestId;
  return carrier.traceparent || carrier.requestId ? carrier : null;
}

/**
 * Runs `fn` in a span named `name`, a child of the carrier's trace (one that came from another
 * process) or of the running one, and as part of the carrier's request. Without a tracer provider
 * the span records nothing and costs next to nothing.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: () => Promise<T> | T,
  carrier?: TraceCarrier | null,
): Promise<T> {
  const parent = carrier ? propagation.extract(context.active(), carrier) : context.active();
  const span = trace
    .getTracer('stod')
    .startSpan(name, { attributes, kind: carrier ? SpanKind.CONSUMER : SpanKind.INTERNAL }, parent);
  const requestId = carrier?.requestId ?? currentRequestId();
  if (requestId) span.setAttribute('stod.request_id', requestId);
  const run = () => context.with(trace.setSpan(parent, span), fn);
  try {
    return await (requestId ? inRequest(requestId, run) : run());
  } catch (error) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    span.end();
  }
}
