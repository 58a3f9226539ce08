import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { pemOf } from '../lib/certificates.ts';

/**
 * The device endpoints with TLS of their own, on a port of their own (`OCPP_TLS_PORT`), for
 * when no proxy ends TLS before the API: chargers of security profiles 2 and 3 connect here with
 * `wss://`. TLS 1.2 at least, as the OCPP security profiles require. With a client authority,
 * a client certificate is asked for but not required by TLS itself: the endpoint decides, per
 * charger, whether it needs one (profile 3) and whose it must be, so a refusal is an HTTP 401 the
 * charger can log rather than a broken handshake. Plain requests are answered 426.
 */

export interface TlsEndpoint {
  listen(host: string): Promise<void>;
  /** Settles once it listens (the API's own listen does not wait for it). */
  ready(): Promise<void>;
  /** The port it listens on (the one chosen when `OCPP_TLS_PORT` is 0). */
  port(): number;
  close(): Promise<void>;
}

export function createTlsEndpoint(
  settings: { cert: string; key: string; clientCa?: string | undefined; port: number },
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean,
): TlsEndpoint {
  const server: Server = createServer({
    cert: pemOf(settings.cert),
    key: pemOf(settings.key),
    minVersion: 'TLSv1.2',
    ...(settings.clientCa
      ? { ca: pemOf(settings.clientCa), requestCert: true, rejectUnauthorized: false }
      : {}),
  });
  server.on('request', (_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
    response.end('WebSocket only: wss://host/ocpp/{identity}\n');
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (upgrade(request, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  // A client that breaks off its handshake is its own affair.
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  let listening: Promise<void> | null = null;
  const listen = (host: string) => {
    listening ??= new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return listening;
  };
  return {
    listen,
    ready: () => listening ?? Promise.reject(new Error('the TLS endpoint is not listening')),
    port: () => (server.address() as AddressInfo | null)?.port ?? 0,
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
