import { deviceMessages } from '../../lib/metrics.ts';
import { randomUUID } from 'node:crypto';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { stamp, type ChargerEvents, type ChargerLink, type NoticeReport } from './port.ts';

/** Registers the answer to one action of a charger; the answer's params. */
export type Handle = (method: string, answer: (params: unknown) => Promise<object>) => void;

interface Log {
  error(obj: object, msg: string): void;
}

/** What a charger hears when a handler fails: a fixed text, never what went wrong inside. */
export const INTERNAL_DESCRIPTION = 'Internal error; try again later';

/**
 * The handlers of one connection, each fenced: a handler that throws answers a CALLERROR
 * `InternalError` with a fixed description and a request id, and the details (a database
 * statement, a stack) go to the log under that id only. The charger retries what it must.
 * Each message waits for `connected()`, the connection's own record (its claim in the holder
 * registry): a charger that sends its boot the moment it connects is already reachable, on every
 * process, when its boot is answered.
 */
export function fencedHandle(
  client: RPCClient,
  log: Log,
  identity: string,
  connected: () => Promise<void> = () => Promise.resolve(),
): Handle {
  return (method, answer) => {
    client.handle(method, async ({ params, messageId }) => {
      try {
        await connected();
        const result = await answer(params);
        deviceMessages.inc({ protocol: 'ocpp', action: method, outcome: 'ok' });
        return result;
      } catch (error) {
        deviceMessages.inc({ protocol: 'ocpp', action: method, outcome: 'error' });
        const requestId = randomUUID();
        log.error({ err: error, identity, method, messageId, requestId }, 'OCPP handler failed');
        throw createRPCError('InternalError', INTERNAL_DESCRIPTION, { requestId }) as Error;
      }
    });
  };
}

/**
 * Reports a charger makes for the record (security events, log uploads, firmware states, charging
 * limits, a car's charging needs, answers to report requests), each action with its kind, the
 * field that names what happened (a dotted path; none: the action's own name), and the answer the
 * protocol asks for when it is more than an empty one.
 */
export function handleNotices(
  handle: Handle,
  link: ChargerLink,
  events: ChargerEvents,
  now: () => Date,
  actions: Record<string, [NoticeReport['kind'], string | null, object?]>,
) {
  for (const [method, [kind, field, answer]] of Object.entries(actions))
    handle(method, async (params) => {
      const p = params as Record<string, unknown>;
      const type = field === null ? method : pick(p, field);
      await events.notice(link, {
        kind,
        type: typeof type === 'string' ? type : 'Unknown',
        detail: p,
        timestamp: stamp(typeof p.timestamp === 'string' ? p.timestamp : undefined, now()),
      });
      return answer ?? {};
    });
}

const pick = (from: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
      from,
    );
