import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppState } from '../../lib/app-state.ts';
import { restoreSession } from '../../lib/current-user.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { onNetworkChange } from '../../platform/network.ts';

/** Spec §2 rule 5 and §4 Network: offline goes to /no-network, back online goes home. */
export function useNetworkRedirect(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      onNetworkChange((connected) => {
        useAppState.setState({ noNetworkConnection: !connected });
        if (!connected && path.current !== paths.noNetwork) void navigate(paths.noNetwork);
        else if (connected && path.current === paths.noNetwork) {
          void resumeSession().then(() => navigate(paths.home, { replace: true }));
        }
      }),
    [navigate],
  );
}

/** A start without network kept the token but could not fetch the user: try again now. */
async function resumeSession(): Promise<void> {
  const { status, token } = useSession.getState();
  if (status !== 'signedIn' && token) await restoreSession();
}
