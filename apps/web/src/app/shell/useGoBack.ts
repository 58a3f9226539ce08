import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isBelow, paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';

/** React Router keeps its own history index; without one to go back to, go somewhere sensible. */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number' &&
    state.idx > 0
  );
}

export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useSession((s) => s.status === 'signedIn');
  return useCallback(() => {
    if (canGoBack()) {
      void navigate(-1);
      return;
    }
    const fallback = isBelow(pathname, paths.profile)
      ? paths.profile
      : signedIn
        ? paths.home
        : paths.start;
    void navigate(fallback, { replace: true });
  }, [navigate, pathname, signedIn]);
}
