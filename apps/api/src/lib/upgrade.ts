import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Hands an HTTP upgrade under `prefix` to a WebSocket server whose clients are named by one path
 * segment (`/ocpp/{identity}`, `/site/{siteId}`); answers false for any other path, and ends one
 * with more segments (`/ocpp/a/b` names no one) with a 404.
 */
export function upgradeUnder(
  prefix: string,
  server: { handleUpgrade(request: IncomingMessage, socket: never, head: Buffer): unknown },
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): boolean {
  const path = (request.url ?? '').split('?')[0] ?? '';
  if (!path.startsWith(prefix) || path.length <= prefix.length) return false;
  if (path.slice(prefix.length).includes('/')) {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return true;
  }
  void server.handleUpgrade(request, socket as never, head);
  return true;
}
