import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { deepLinkPath } from '../../lib/deep-link.ts';
import { onAppUrlOpen } from '../../platform/app.ts';

/**
 * On native, links that open the app (the card gateway's and the identity provider's return,
 * links in e-mail) land on their screen, where the route guards take over as usual.
 */
export function useDeepLinks(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onAppUrlOpen((url) => {
        const path = deepLinkPath(url);
        if (path) void navigate(path);
      }),
    [navigate],
  );
}
