import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId, inSpan, traceCarrier, type TraceCarrier } from '../lib/tracing.ts';
import { localBus, type Bus, type BusEventName, type BusEvents } from './bus.ts';

const SUBSCRIBE_TIMEOUT_MS = 10_000;

export interface RedisBusOptions {
  url: string;
  /** REDIS_KEY_PREFIX: installations sharing one Redis never hear each other's events. */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * The bus across processes: every event goes through one Redis channel per event name, and each
 * process, the publisher's own included, delivers what its subscription hears to its listeners.
 * So each listener gets an event once, wherever it was raised. Events are notices, not records:
 * the state they announce is already in the database, so an event published while Redis is
 * unreachable is logged and dropped rather than failing the request that raised it.
 */
export async function redisBus(options: RedisBusOptions): Promise<Bus> {
  const { url, prefix, log } = options;
  const channelPrefix = `${prefix}bus:`;
  // Named so an operator can tell the bus's connections apart; Redis takes no spaces in a name.
  const connectionName = channelPrefix.replace(/[^\x21-\x7e]/g, '_');
  const local = localBus((error, name) => {
    log.error({ err: error, event: name, reqId: currentRequestId() }, 'an event listener failed');
  });
  // A connection in subscriber mode can do nothing else, hence two. Both reconnect on their own,
  // and ioredis subscribes again after a reconnect.
  const publisher = new Redis(url, {
    maxRetriesPerRequest: 2,
    connectionName: `${connectionName}publisher`,
  });
  // The subscription waits for Redis (one starting with the API), up to SUBSCRIBE_TIMEOUT_MS.
  const subscriber = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: `${connectionName}subscriber`,
  });
  for (const [role, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // Without a listener, a lost connection would be an unhandled 'error' and end the process.
    connection.on('error', (error: Error) => {
      log.warn({ err: error, connection: role }, 'event bus lost Redis; it reconnects');
    });
  }

  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const name = channel.slice(channelPrefix.length) as BusEventName;
    let payload: BusEvents[BusEventName] & { $trace?: TraceCarrier };
    try {
      payload = JSON.parse(message) as typeof payload;
    } catch (error) {
      log.warn({ err: error, channel }, 'an event on the bus was not JSON; dropped');
      return;
    }
    const { $trace: carrier, ...event } = payload;
    if (!carrier) {
      local.deliver(name, event);
      return;
    }
    // The listeners run in the publisher's trace and request, whichever process published.
    void inSpan(
      `bus ${name}`,
      { 'messaging.system': 'redis', 'messaging.destination.name': name },
      () => {
        local.deliver(name, event);
      },
      carrier,
    );
  });
  // Escaped, so that a prefix holding * or ? cannot hear another installation's channels.
  const pattern = `${channelPrefix.replace(/[\\*?[\]]/g, (c) => `\\${c}`)}*`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      subscriber.psubscribe(pattern),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(
            new Error(
              `REDIS_URL: the event bus could not reach Redis within ${String(SUBSCRIBE_TIMEOUT_MS / 1000)} s`,
            ),
          );
        }, SUBSCRIBE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    subscriber.disconnect();
    publisher.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  return {
    async publish(name, payload) {
      try {
        const carrier = traceCarrier();
        await publisher.publish(
          channelPrefix + name,
          JSON.stringify(carrier ? { ...payload, $trace: carrier } : payload),
        );
      } catch (error) {
        log.error(
          { err: error, event: name, reqId: currentRequestId() },
          'an event could not be published; dropped',
        );
      }
    },
    subscribe: (name, listener) => local.subscribe(name, listener),
    async ping() {
      // A command that waits for a lost connection is not an answer: a second is enough.
      const answer = await Promise.race([
        publisher.ping().then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), 1_000).unref()),
      ]);
      return answer;
    },
    async close() {
      await local.close();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
