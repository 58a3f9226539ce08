import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { API_BASE } from '../config.ts';
import { useSession } from './session.ts';

/** The kinds of event the API sends; each is named by its object's id and carries the object. */
export type RealtimeKind =
  | 'receipt.created'
  | 'paymentMethod.activated'
  | 'stationTransaction.changed'
  | 'charge.changed'
  | 'foodOrder.changed'
  | 'beverage.changed';

/** Spec §9, charging socket: websocket then polling, 12 attempts, 7.5 s to 12.5 s, timeout 20 s. */
export const RECONNECT = { attempts: 12, minDelayMs: 7_500, maxDelayMs: 12_500, timeoutMs: 20_000 };

/** Where the API serves Socket.IO: its own origin, at the client's default path. */
export const REALTIME_PATH = '/socket.io';

export const useRealtimeStatus = create<{ connected: boolean }>(() => ({ connected: false }));

type Handler = (object: unknown, id: string) => void;

const handlers = new Map<RealtimeKind, Set<Handler>>();
let socket: Socket | null = null;
let token: string | null = null;
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function dispatch(kind: string, object: unknown, id: string) {
  for (const handler of handlers.get(kind as RealtimeKind) ?? []) handler(object, id);
}

function idOf(object: unknown): string | null {
  if (typeof object !== 'object' || object === null || !('id' in object)) return null;
  return typeof object.id === 'string' ? object.id : null;
}

function setConnected(connected: boolean) {
  if (useRealtimeStatus.getState().connected !== connected)
    useRealtimeStatus.setState({ connected });
}

/** A delay anywhere in §9's range on every attempt; Socket.IO's own would double each time. */
export function reconnectDelay(random = Math.random()): number {
  return RECONNECT.minDelayMs + random * (RECONNECT.maxDelayMs - RECONNECT.minDelayMs);
}

function retry(s: Socket) {
  clearTimeout(retryTimer);
  if (attempts >= RECONNECT.attempts) return;
  attempts += 1;
  retryTimer = setTimeout(() => {
    if (socket === s) s.connect();
  }, reconnectDelay());
}

function stop() {
  clearTimeout(retryTimer);
  socket?.disconnect();
  socket = null;
  token = null;
  attempts = 0;
  setConnected(false);
}

async function open(forToken: string) {
  // The client library is fetched here, after sign-in, and never with the first screen.
  const { io } = await import('socket.io-client');
  if (token !== forToken) return;
  const s = io(new URL(API_BASE, window.location.href).origin, {
    path: REALTIME_PATH,
    auth: { token: forToken },
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnection: false,
    timeout: RECONNECT.timeoutMs,
  });
  socket = s;
  s.on('connect', () => {
    attempts = 0;
    setConnected(true);
  });
  s.on('disconnect', (reason) => {
    setConnected(false);
    if (reason !== 'io client disconnect') retry(s);
  });
  s.on('connect_error', (error) => {
    setConnected(false);
    // A refused token is the session's end, which the API's 401s already handle.
    if (error.message !== 'UNAUTHORIZED') retry(s);
  });
  s.onAny((id: unknown, object: unknown, kind: unknown) => {
    if (typeof id !== 'string') return;
    if (typeof kind === 'string') {
      dispatch(kind, object, id);
      return;
    }
    // An event named by its kind alone (`charge.changed`) carries an object that names itself.
    const own = idOf(object);
    if (own !== null) dispatch(id, object, own);
  });
}

function follow(state: { status: string; token: string | null }) {
  const next = state.status === 'signedIn' ? state.token : null;
  if (next === token) return;
  stop();
  if (!next) return;
  token = next;
  void open(next).catch(() => {
    // The chunk failed to load (offline): the screens' own refetching still works.
    if (token === next) token = null;
  });
}

/** Connects while someone is signed in, from the first screen that listens; idempotent. */
export function startRealtime() {
  if (started) return;
  started = true;
  follow(useSession.getState());
  useSession.subscribe(follow);
}

/** Calls `handler` with each event of the kind for the signed-in user, while mounted. */
export function useRealtimeEvent(kind: RealtimeKind, handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    startRealtime();
    const call: Handler = (object, id) => {
      latest.current(object, id);
    };
    let set = handlers.get(kind);
    if (!set) {
      set = new Set();
      handlers.set(kind, set);
    }
    set.add(call);
    return () => {
      set.delete(call);
    };
  }, [kind]);
}

/** Whether events arrive now; screens poll only while they do not. */
export function useRealtimeConnected(): boolean {
  return useRealtimeStatus((s) => s.connected);
}
