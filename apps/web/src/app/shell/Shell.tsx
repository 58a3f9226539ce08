import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useRouteMeta, useRouteTitle } from '../../lib/route-meta.ts';
import { useSession } from '../../lib/session.ts';
import { cn } from '@stod/ui/cn.ts';
import { Header } from './Header.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import { useNetworkRedirect } from './useNetworkRedirect.ts';
import { useRouteTransition } from './useRouteTransition.ts';
import { useSessionExpiry } from './useSessionExpiry.ts';

const ShellServices = lazy(() => import('./ShellServices.tsx'));
const KeepAliveHost = lazy(() => import('./KeepAliveHost.tsx'));
// Spec §4: campaigns open for a signed-in user after startup; their code loads only then.
const Campaigns = lazy(() => import('../../features/campaigns/Campaigns.tsx'));

/** The app frame: header, the current screen with its transition, and the global hosts. */
export function Shell() {
  const meta = useRouteMeta();
  const location = useLocation();
  const navigation = useNavigation();
  const title = useRouteTitle(meta);
  const signedIn = useSession((s) => s.status === 'signedIn');
  const transition = useRouteTransition(location.pathname, meta);
  // Mounted from the first kept-alive route on, and then for good (rule 7).
  const [keepAlive, setKeepAlive] = useState(meta.keepAlive);
  if (meta.keepAlive && !keepAlive) setKeepAlive(true);

  useDocumentMeta(title, meta.isDark);
  useNetworkRedirect();
  useSessionExpiry();

  return (
    <div
      className={cn('min-h-dvh', meta.isDark ? 'bg-night text-white' : 'bg-canvas text-slate-900')}
    >
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="nav-progress fixed inset-x-0 top-0 z-[70] h-0.5" />
      )}
      <div
        className={cn(
          'mx-auto flex min-h-dvh w-full max-w-[480px] flex-col',
          meta.isDark ? 'bg-night' : 'bg-surface sm:shadow-[0_0_0_1px_rgb(15_23_42/0.06)]',
        )}
      >
        {meta.header && <Header title={title} back={meta.back} dark={meta.isDark} />}
        <main
          id="main"
          data-route={meta.name}
          data-transition={transition}
          data-transition-mode={meta.transitionMode}
          className="flex flex-1 flex-col"
        >
          {keepAlive && (
            <Suspense fallback={null}>
              <KeepAliveHost active={meta.keepAlive ? meta.name : null} transition={transition} />
            </Suspense>
          )}
          {/* A kept-alive route renders nothing here: its screen lives in the host above. */}
          <div
            key={location.pathname}
            className={cn(
              'route-view flex-1 flex-col',
              meta.keepAlive ? 'hidden' : 'flex',
              `route-${transition}`,
            )}
          >
            <Outlet />
          </div>
        </main>
      </div>
      <Suspense fallback={null}>
        <ShellServices routeName={meta.name} backAllowed={meta.back} />
      </Suspense>
      {signedIn && (
        <Suspense fallback={null}>
          <Campaigns />
        </Suspense>
      )}
    </div>
  );
}
