import type { AddressInfo } from 'node:net';
import { createRPCError, RPCServer, type RPCClient } from 'ocpp-rpc';

/** A call a charger made, in the order the backend got it; `connection` counts from 1. */
export interface CsmsCall {
  identity: string;
  method: string;
  params: Record<string, unknown>;
  connection: number;
}

export interface TestCsmsOptions {
  /** The heartbeat interval BootNotification answers, in seconds. */
  interval?: number;
  /** Identities that must give this password (HTTP Basic). */
  passwords?: Record<string, string>;
  /** Tags StartTransaction (1.6) or TransactionEvent Started (2.0.1) refuses. */
  refusedTags?: string[];
}

/**
 * For tests only: a tiny backend on a free port that accepts any charger (strict validation of
 * both protocols), answers as the contract says and records every call and validation failure.
 */
export async function testCsms(options: TestCsmsOptions = {}) {
  const server = new RPCServer({ protocols: ['ocpp1.6', 'ocpp2.0.1'], strictMode: true });
  const calls: CsmsCall[] = [];
  const failures: unknown[] = [];
  const clients = new Map<string, RPCClient>();
  const connections = new Map<string, number>();
  const live = new Set<string>();
  const refused = new Set(options.refusedTags ?? []);
  let nextTransaction = 1;

  server.auth((accept, reject, handshake) => {
    const password = options.passwords?.[handshake.identity];
    if (password !== undefined && handshake.password?.toString('utf8') !== password)
      reject(401, 'Unauthorized');
    else accept({});
  });

  function answer(method: string, params: Record<string, unknown>) {
    const currentTime = new Date().toISOString();
    switch (method) {
      case 'BootNotification':
        return { status: 'Accepted', interval: options.interval ?? 300, currentTime };
      case 'Heartbeat':
        return { currentTime };
      case 'StatusNotification':
      case 'MeterValues':
        return {};
      case 'StartTransaction': {
        const status = refused.has(params.idTag as string) ? 'Invalid' : 'Accepted';
        return { transactionId: nextTransaction++, idTagInfo: { status } };
      }
      case 'StopTransaction':
        return { idTagInfo: { status: 'Accepted' } };
      case 'Authorize': {
        const token = (params.idToken as { idToken: string } | undefined)?.idToken;
        const status = refused.has(token ?? (params.idTag as string)) ? 'Invalid' : 'Accepted';
        return token === undefined ? { idTagInfo: { status } } : { idTokenInfo: { status } };
      }
      case 'TransactionEvent': {
        if (params.eventType !== 'Started') return {};
        const token = (params.idToken as { idToken: string } | undefined)?.idToken ?? '';
        return { idTokenInfo: { status: refused.has(token) ? 'Invalid' : 'Accepted' } };
      }
      default:
        throw createRPCError('NotImplemented') as Error;
    }
  }

  server.on('client', (client: RPCClient & { identity: string }) => {
    const identity = client.identity;
    const connection = (connections.get(identity) ?? 0) + 1;
    connections.set(identity, connection);
    clients.set(identity, client);
    live.add(identity);
    client.on('disconnect', () => {
      if (clients.get(identity) === client) live.delete(identity);
    });
    client.on('strictValidationFailure', (event: unknown) => failures.push(event));
    client.handle(({ method, params }) => {
      const recorded = { identity, method: method ?? '', params: params ?? {}, connection };
      calls.push(recorded);
      return Promise.resolve(answer(recorded.method, recorded.params));
    });
  });

  const http = await server.listen(0, '127.0.0.1');
  const { port } = http.address() as AddressInfo;

  function clientOf(identity: string) {
    const client = clients.get(identity);
    if (!client) throw new Error(`${identity} never connected`);
    return client;
  }

  return {
    url: `ws://127.0.0.1:${String(port)}/ocpp`,
    calls,
    failures,
    /** The calls of one charger, of one method if named. */
    of: (identity: string, method?: string) =>
      calls.filter((c) => c.identity === identity && (method === undefined || c.method === method)),
    connections: (identity: string) => connections.get(identity) ?? 0,
    /** Whether the charger is connected now, as the backend sees it. */
    isConnected: (identity: string) => live.has(identity),
    /** The backend calls the charger, as the CSMS does for a remote start or stop. */
    call: (identity: string, method: string, params: Record<string, unknown>) =>
      clientOf(identity).call(method, params) as Promise<Record<string, unknown>>,
    /** The connection breaks from the backend's side, as when the backend restarts. */
    drop: (identity: string) => clientOf(identity).close({ force: true }),
    close: () => server.close({ force: true }),
  };
}

export type TestCsms = Awaited<ReturnType<typeof testCsms>>;

/** Polls until `find` returns something, or fails after `timeoutMs` with `what` in the message. */
export async function until<T>(
  what: string,
  find: () => T | undefined | null | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
