import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useLocale } from '../../i18n/index.ts';
import { routeTitle, useRouteMeta } from '../../lib/route-meta.ts';
import { cn } from '../../ui/cn.ts';
import { Header } from './Header.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import { useNetworkRedirect } from './useNetworkRedirect.ts';
import { useRouteTransition } from './useRouteTransition.ts';
import { useSessionExpiry } from './useSessionExpiry.ts';

const ShellServices = lazy(() => import('./ShellServices.tsx'));

/** The app frame: header, the current screen with its transition, and the global hosts. */
export function Shell() {
  const meta = useRouteMeta();
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const title = routeTitle(meta, locale);
  const transition = useRouteTransition(location.pathname, meta);

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
          key={location.pathname}
          id="main"
          data-route={meta.name}
          data-transition={transition}
          data-transition-mode={meta.transitionMode}
          className={cn('route-view flex flex-1 flex-col', `route-${transition}`)}
        >
          <Outlet />
        </main>
      </div>
      <Suspense fallback={null}>
        <ShellServices routeName={meta.name} backAllowed={meta.back} />
      </Suspense>
    </div>
  );
}
