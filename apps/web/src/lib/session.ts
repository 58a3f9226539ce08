import type { CurrentUser } from '@stod/domain';
import { create } from 'zustand';

export type SessionStatus = 'loading' | 'guest' | 'signedIn';

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: CurrentUser | null;
}

/** Who is signed in. The guards read it synchronously; startup fills it before the first route. */
export const useSession = create<SessionState>(() => ({
  status: 'loading',
  token: null,
  user: null,
}));

export function isSignedIn(): boolean {
  return useSession.getState().status === 'signedIn';
}
