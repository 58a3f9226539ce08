import { afterEach } from 'vitest';

// Component tests (*.test.tsx) run in happy-dom; the logic tests (*.test.ts) in plain Node.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const { useToastStore } = await import('@stod/ui/toast-store.ts');
  const { useSession } = await import('../lib/session.ts');
  afterEach(() => {
    cleanup();
    useToastStore.setState({ toasts: [] });
    useSession.setState({ status: 'guest', token: null, user: null });
    window.localStorage.clear();
  });
}
