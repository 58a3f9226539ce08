// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

let any: Listener | null = null;

vi.mock('socket.io-client', () => ({
  io: () => ({
    on: () => undefined,
    onAny: (listener: Listener) => (any = listener),
    connect: () => undefined,
    disconnect: () => undefined,
  }),
}));

const { useSession } = await import('./session.ts');
const realtime = await import('./realtime.ts');
const { renderHook } = await import('@testing-library/react');

async function settled() {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
}

describe('charge events on the socket', () => {
  it('hands a charge named by its id, and one named only by its kind, to the charge listeners', async () => {
    useSession.setState({ status: 'signedIn', token: 'token-c', user: null });
    realtime.startRealtime();
    await settled();
    expect(any).not.toBeNull();

    const heard: [unknown, string][] = [];
    const listen = (object: unknown, id: string) => heard.push([object, id]);
    const unmount = registerListener(listen);

    const charge = { id: 'charge-1', state: 'charging' };
    // The API's way: the event is named by the object's id, the kind comes third.
    any?.('charge-1', charge, 'charge.changed');
    // An event named by its kind alone carries the object, which names itself.
    any?.('charge.changed', charge);
    // Anything else is not a charge event.
    any?.('charge-1', charge, 'stationTransaction.changed');
    any?.('charge.changed', { state: 'charging' });
    any?.('charge.changed', 'not an object');

    expect(heard).toEqual([
      [charge, 'charge-1'],
      [charge, 'charge-1'],
    ]);
    unmount();
  });
});

/** useRealtimeEvent, mounted the way a screen mounts it. */
function registerListener(listener: (object: unknown, id: string) => void) {
  const { unmount } = renderHook(() => realtime.useRealtimeEvent('charge.changed', listener));
  return unmount;
}
