import { create } from 'zustand';
import type { RealtimeKind } from '../lib/realtime.ts';

type Handler = (object: unknown, id: string) => void;

/**
 * Stands in for lib/realtime.ts in component tests: `vi.mock('…/lib/realtime.ts', () =>
 * realtimeMock)`. `emit` delivers an event as the socket would; `setConnected` says whether
 * the socket is up.
 */
const handlers = new Map<RealtimeKind, Set<Handler>>();
const status = create(() => ({ connected: false }));

export const realtimeMock = {
  useRealtimeEvent(kind: RealtimeKind, handler: Handler) {
    let set = handlers.get(kind);
    if (!set) {
      set = new Set();
      handlers.set(kind, set);
    }
    set.clear();
    set.add(handler);
  },
  useRealtimeConnected: () => status((s) => s.connected),
  startRealtime: () => undefined,
};

export function emit(kind: RealtimeKind, id: string, object: unknown): void {
  for (const handler of handlers.get(kind) ?? []) handler(object, id);
}

export function setConnected(connected: boolean): void {
  status.setState({ connected });
}

export function resetRealtime(): void {
  handlers.clear();
  status.setState({ connected: false });
}
