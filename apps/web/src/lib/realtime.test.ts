import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

interface FakeSocket {
  options: Record<string, unknown>;
  listeners: Map<string, Listener>;
  any: Listener | null;
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
  fire(name: string, ...args: unknown[]): void;
}

const opened: FakeSocket[] = [];

vi.mock('socket.io-client', () => ({
  io: (_url: string, options: Record<string, unknown>) => {
    const socket: FakeSocket = {
      options,
      listeners: new Map(),
      any: null,
      connect: vi.fn(),
      disconnect: vi.fn(),
      fire(name, ...args) {
        this.listeners.get(name)?.(...args);
      },
    };
    const api = {
      on: (name: string, listener: Listener) => socket.listeners.set(name, listener),
      onAny: (listener: Listener) => (socket.any = listener),
      connect: socket.connect,
      disconnect: socket.disconnect,
    };
    opened.push(socket);
    return api;
  },
}));

const { useSession } = await import('./session.ts');
const realtime = await import('./realtime.ts');

async function settled() {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
}

beforeAll(() => {
  vi.stubGlobal('window', { location: { href: 'http://127.0.0.1:3000/home' } });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('waits in §9 range on every attempt, never doubling', () => {
    expect(realtime.reconnectDelay(0)).toBe(7_500);
    expect(realtime.reconnectDelay(1)).toBe(12_500);
    expect(realtime.reconnectDelay(0.5)).toBe(10_000);
  });

  it('connects only once signed in, with the token and without its own reconnection', async () => {
    realtime.startRealtime();
    await settled();
    expect(opened).toHaveLength(0);

    useSession.setState({ status: 'signedIn', token: 'token-a', user: null });
    await settled();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.options).toMatchObject({
      path: '/socket.io',
      auth: { token: 'token-a' },
      transports: ['websocket', 'polling'],
      reconnection: false,
      timeout: 20_000,
    });
    opened[0]?.fire('connect');
    expect(realtime.useRealtimeStatus.getState().connected).toBe(true);
  });

  it('retries a lost connection 12 times, each after 7.5 to 12.5 seconds', () => {
    vi.useFakeTimers();
    const socket = opened[0];
    if (!socket) throw new Error('no socket');
    socket.fire('disconnect', 'transport close');
    expect(realtime.useRealtimeStatus.getState().connected).toBe(false);
    vi.advanceTimersByTime(7_499);
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_001);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i += 1) {
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(12_500);
    }
    expect(socket.connect).toHaveBeenCalledTimes(12);
  });

  it('gives up on a refused token at once', () => {
    vi.useFakeTimers();
    const socket = opened[0];
    if (!socket) throw new Error('no socket');
    socket.connect.mockClear();
    socket.fire('connect', undefined);
    socket.fire('connect_error', new Error('UNAUTHORIZED'));
    vi.advanceTimersByTime(60_000);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('disconnects on sign-out and opens a new socket for the next user', async () => {
    useSession.setState({ status: 'guest', token: null, user: null });
    expect(opened[0]?.disconnect).toHaveBeenCalled();
    expect(realtime.useRealtimeStatus.getState().connected).toBe(false);
    useSession.setState({ status: 'signedIn', token: 'token-b', user: null });
    await settled();
    expect(opened).toHaveLength(2);
    expect(opened[1]?.options.auth).toEqual({ token: 'token-b' });
  });
});
