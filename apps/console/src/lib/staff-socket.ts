import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { API_BASE } from '../config.ts';
import { useSession } from './session.ts';

/** Where the API serves Socket.IO: its own origin, at the client's default path. */
export const REALTIME_PATH = '/socket.io';
/** Socket.IO's own reconnect grows from 1 s to this, and never gives up: a wall display waits. */
export const RECONNECT_MAX_MS = 10_000;

/** 'connecting' until the first connect; 'lost' whenever it is down after that or fails. */
export type SocketStatus = 'connecting' | 'live' | 'lost';

/**
 * The staff socket while a live screen is open. `onChange` runs for each `event` notice that
 * `accept` takes, and on every (re)connect, so whatever happened while the socket was down is
 * caught up.
 */
export function useStaffNotices(
  event: string,
  accept: (notice: unknown) => boolean,
  onChange: () => void,
  /** False: no socket (a role that hears nothing of this). */
  enabled = true,
): SocketStatus {
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const latest = useRef({ onChange, accept });
  useEffect(() => {
    latest.current = { onChange, accept };
  });

  useEffect(() => {
    if (!token || !enabled) return;
    let socket: Socket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const changed = () => {
      latest.current.onChange();
    };
    // The client library comes with this screen only.
    void import('socket.io-client')
      .then(({ io }) => {
        if (closed) return;
        const s = io(new URL(API_BASE, window.location.href).origin, {
          path: REALTIME_PATH,
          auth: { token },
          transports: ['websocket', 'polling'],
          tryAllTransports: true,
          reconnectionDelay: 1_000,
          reconnectionDelayMax: RECONNECT_MAX_MS,
          timeout: 20_000,
        });
        socket = s;
        const again = () => {
          // A refusal by the server's middleware, or a disconnect it chose, is not retried by
          // Socket.IO itself.
          clearTimeout(retry);
          retry = setTimeout(() => {
            if (!closed && !s.connected && !s.active) s.connect();
          }, RECONNECT_MAX_MS / 2);
        };
        s.on('connect', () => {
          setStatus('live');
          changed();
        });
        s.on('disconnect', (reason) => {
          setStatus('lost');
          if (reason === 'io server disconnect') again();
        });
        s.on('connect_error', () => {
          setStatus('lost');
          if (!s.active) again();
        });
        s.on(event, (notice: unknown) => {
          if (latest.current.accept(notice)) changed();
        });
      })
      .catch(() => {
        // The chunk did not load (no network): the list's own polling still runs.
        if (!closed) setStatus('lost');
      });
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.disconnect();
    };
  }, [event, token, enabled]);

  return status;
}
