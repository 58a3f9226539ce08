import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionExpired } from '../../lib/current-user.ts';
import { loginPathFor } from '../../lib/paths.ts';

/** When the server refuses the token, sign in again and come back to the same place. */
export function useSessionExpiry(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired(() => {
        const here = window.location.pathname + window.location.search;
        void navigate(loginPathFor(here), { replace: true });
      }),
    [navigate],
  );
}
