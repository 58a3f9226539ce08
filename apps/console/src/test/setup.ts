import { afterEach, vi } from 'vitest';

// Component tests (*.test.tsx) run in happy-dom; logic tests (*.test.ts) in plain Node.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const { useToastStore } = await import('@stod/ui/toast-store.ts');
  const { useModalStore } = await import('@stod/ui/modal-store.ts');
  const { endSession } = await import('../lib/session.ts');
  afterEach(() => {
    cleanup();
    useToastStore.setState({ toasts: [] });
    useModalStore.setState({ modals: [] });
    endSession();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });
}
