import { deviceConnections } from '../../lib/metrics.ts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';
import { RPCServer, type RPCClient } from 'ocpp-rpc';
import {
  ChargerUnreachable,
  OCPP_PROTOCOLS,
  type ChargerCommands,
  type ChargerTransport,
  type ChargerEvents,
  type ChargerLink,
  type OcppProtocol,
} from './port.ts';
import { sendCall } from './csms-calls.ts';
import { fencedHandle } from './handle.ts';
import { attach16, commands16 } from './v16.ts';
import { lenient16Validator } from './validators.ts';
import { attach201, commands201 } from './v201.ts';
import { upgradeUnder } from '../../lib/upgrade.ts';

/** Where chargers connect: `/ocpp/{identity}`. */
export const OCPP_PATH = '/ocpp/';

/** A charger that connects and sends no BootNotification only lost its network: ask its state. */
const BOOT_GRACE_MS = 3_000;

export interface OcppEndpointOptions {
  /** The charger behind an identity and password, or why it may not connect. */
  authenticate(
    identity: string,
    password: Buffer | undefined,
    transport: ChargerTransport,
  ): Promise<{ chargerId: string } | 'unknown' | 'denied'>;
  /** Whether a request comes through a trusted proxy, whose `X-Forwarded-Proto` counts. */
  fromTrustedProxy: (request: IncomingMessage) => boolean;
  events: ChargerEvents;
  heartbeatSeconds: number;
  pingSeconds: number;
  callTimeoutSeconds: number;
  now: () => Date;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

interface Connection {
  link: ChargerLink;
  client: RPCClient;
  commands: ChargerCommands;
}

export interface OcppEndpoint {
  /** Takes an HTTP upgrade for `/ocpp/…`; answers false for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** The commands of a charger connected to this process, or null. */
  commandsOf(identity: string): ChargerCommands | null;
  /** Closes a charger's connection of that session: a newer one elsewhere replaced it. */
  drop(identity: string, session: string): void;
  /** How many chargers this process holds. */
  size(): number;
  close(): Promise<void>;
}

/** TLS and the client certificate of a charger's upgrade request. */
function transportOf(
  request: IncomingMessage,
  fromTrustedProxy: (request: IncomingMessage) => boolean,
): ChargerTransport {
  const socket = request.socket as Partial<TLSSocket>;
  if (socket.encrypted && socket.getPeerCertificate) {
    // No certificate presented: an empty object, with no subject.
    const peer = socket.getPeerCertificate() as { subject?: { CN?: unknown } };
    const commonName = peer.subject?.CN;
    return {
      tls: 'direct',
      certificate:
        typeof commonName === 'string'
          ? { commonName, authorized: socket.authorized === true }
          : null,
    };
  }
  // The proxy's own word is the last: a client may send one of its own before it.
  const forwarded = request.headers['x-forwarded-proto'];
  const proxied =
    fromTrustedProxy(request) &&
    typeof forwarded === 'string' &&
    forwarded.split(',').at(-1)?.trim() === 'https';
  return { tls: proxied ? 'proxy' : null, certificate: null };
}

/**
 * The OCPP-J endpoint on the API's own HTTP server: 1.6J and 2.0.1 by WebSocket subprotocol,
 * every message validated in and out (strict mode), HTTP Basic per charger (security profile 1).
 * Each charger's connection is tracked by its session, so a reconnect that overtakes the close of
 * the connection it replaces never marks the charger offline.
 */
export function createOcppEndpoint(options: OcppEndpointOptions): OcppEndpoint {
  const { events, log } = options;
  const server = new RPCServer({
    protocols: [...OCPP_PROTOCOLS],
    strictMode: true,
    // 1.6 as chargers send it: decimal meterStart and meterStop (see validators.ts).
    strictModeValidators: [lenient16Validator],
    callTimeoutMs: options.callTimeoutSeconds * 1000,
    pingIntervalMs: options.pingSeconds * 1000,
    deferPingsOnActivity: true,
    respondWithDetailedErrors: false,
    // A malformed frame is answered and the connection kept.
    maxBadMessages: Infinity,
  });
  const connections = new Map<string, Connection>();

  server.auth((accept, reject, handshake) => {
    const protocol = OCPP_PROTOCOLS.find((p) => handshake.protocols.has(p));
    const identity = handshake.identity;
    if (!protocol) {
      reject(400, 'No supported OCPP subprotocol');
      return;
    }
    // The charger's secret is checked once and not kept: ocpp-rpc holds the handshake (its
    // headers too) for the connection's life, and the password's Buffer is a slice that pins a
    // whole pooled 8 KB slab.
    const password = handshake.password;
    (handshake as { password?: Buffer }).password = undefined;
    delete (handshake.headers as Record<string, unknown>).authorization;
    void options
      .authenticate(identity, password, transportOf(handshake.request, options.fromTrustedProxy))
      .then((answer) => {
        if (answer === 'unknown') reject(404, 'Unknown charger');
        else if (answer === 'denied') reject(401, 'Unauthorized');
        else accept({ chargerId: answer.chargerId, session: randomUUID() }, protocol);
      })
      .catch((error: unknown) => {
        log.warn({ err: error, identity }, 'charger authentication failed');
        reject(503, 'Try again later');
      });
  });

  server.on('client', (client: RPCClient & { session: { chargerId: string; session: string } }) => {
    const protocol = client.protocol as OcppProtocol;
    const link: ChargerLink = {
      chargerId: client.session.chargerId,
      identity: client.identity ?? '',
      protocol,
      session: client.session.session,
    };
    const timeout = options.callTimeoutSeconds * 1000;
    const commands: ChargerCommands = {
      ...(protocol === 'ocpp1.6' ? commands16(client, timeout) : commands201(client, timeout)),
      call: (action, payload) => sendCall(client, action, payload, timeout),
    };
    const previous = connections.get(link.identity);
    connections.set(link.identity, { link, client, commands });
    // The connection it replaces is closed; its close event no longer speaks for the charger.
    if (previous) void previous.client.close({ code: 1000, reason: 'Replaced' });

    let booted = false;
    let recorded: Promise<void> = Promise.resolve();
    const tracked: ChargerEvents = {
      ...events,
      booted: (l, info) => {
        booted = true;
        return events.booted(l, info);
      },
    };
    const attach = protocol === 'ocpp1.6' ? attach16 : attach201;
    attach(
      fencedHandle(client, log, link.identity, () => recorded),
      link,
      tracked,
      {
        heartbeatSeconds: options.heartbeatSeconds,
        now: options.now,
      },
    );
    // No wildcard handler: the library answers NotImplemented to any action without a handler
    // before its schema check, where a wildcard would let an unknown action fail that check
    // (ProtocolError) instead.
    client.on(
      'strictValidationFailure',
      (event: { method: string; outbound: boolean; error: Error }) => {
        log.warn(
          {
            identity: link.identity,
            method: event.method,
            outbound: event.outbound,
            err: event.error,
          },
          'OCPP message failed validation',
        );
      },
    );
    deviceConnections.inc({ protocol: 'ocpp' });
    client.once('close', () => {
      deviceConnections.dec({ protocol: 'ocpp' });
      clearTimeout(graceTimer);
      if (connections.get(link.identity)?.link.session !== link.session) return;
      connections.delete(link.identity);
      // After the connection's own record, so a quick drop never leaves the charger online.
      void recorded
        .then(() => events.disconnected(link))
        .catch((error: unknown) => {
          log.warn({ err: error, identity: link.identity }, 'charger disconnect not recorded');
        });
    });
    const graceTimer = setTimeout(() => {
      if (booted || connections.get(link.identity)?.link.session !== link.session) return;
      commands.triggerStatus().catch((error: unknown) => {
        log.warn({ err: error, identity: link.identity }, 'status trigger after reconnect failed');
      });
    }, BOOT_GRACE_MS);
    graceTimer.unref();
    recorded = events.connected(link).catch((error: unknown) => {
      log.warn({ err: error, identity: link.identity }, 'charger connection not recorded');
    });
    log.info({ identity: link.identity, protocol }, 'charger connected');
  });

  return {
    handleUpgrade: (request, socket, head) =>
      upgradeUnder(OCPP_PATH, server, request, socket, head),
    commandsOf(identity) {
      return connections.get(identity)?.commands ?? null;
    },
    drop(identity, session) {
      const connection = connections.get(identity);
      if (connection?.link.session !== session) return;
      connections.delete(identity);
      void connection.client.close({ code: 4000, reason: 'Replaced' });
    },
    size: () => connections.size,
    async close() {
      await server.close({ code: 1001, reason: 'Server closing', force: false });
    },
  };
}

export { ChargerUnreachable };
