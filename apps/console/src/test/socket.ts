// A stand-in for socket.io-client in component tests: `vi.mock('socket.io-client', () =>
// import('../test/socket.ts'))`. The test plays the server: it connects, drops and notifies.

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = true;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The server accepts the socket (or a reconnect succeeds). */
  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection drops; Socket.IO will try again by itself. */
  serverDrop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server sends an event to this socket. */
  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }
}

export const sockets: FakeSocket[] = [];

export function io(url: string, options: Record<string, unknown>): FakeSocket {
  const socket = new FakeSocket(url, options);
  sockets.push(socket);
  return socket;
}

/** The newest socket the screen opened. */
export function lastSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}
