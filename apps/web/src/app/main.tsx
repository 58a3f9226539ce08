import '../fonts.css';
import '../styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { currentPlatform } from '../platform/capacitor.ts';
import { applyBrand } from './brand.ts';
import { watchRouter } from './guards.ts';
import { rootRoute } from './routes.ts';
import { loadStations, startup } from './startup.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// What the styles tell apart: the Android shell paints its system bars' strips black.
document.documentElement.dataset.platform = currentPlatform();

/**
 * Starts fetching the screen the address opens while startup restores the user, instead of
 * after it: the router's own lazy call later finds the module and its texts already loaded. A guard may still send the
 * user elsewhere; then this was one file too many.
 */
function fetchFirstScreen(routes: RouteObject[]): void {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

/** Runs `then` once the first screen has rendered and the browser has painted it. */
function afterFirstScreen(router: ReturnType<typeof createBrowserRouter>, then: () => void): void {
  const painted = () => requestAnimationFrame(() => setTimeout(then, 0));
  if (router.state.initialized && router.state.navigation.state === 'idle') {
    painted();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    stop();
    painted();
  });
}

applyBrand();
// index.html shows the splash until the router renders.
const root = createRoot(container);

// The first screen (and its texts, which need the language) loads while the user is restored.
const { online, signedIn } = await startup(() => {
  fetchFirstScreen([rootRoute]);
});

const router = createBrowserRouter([rootRoute]);
watchRouter(router);

root.render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// A guest's stations (spec §4 Startup) come once the first screen has painted.
if (online && !signedIn) afterFirstScreen(router, loadStations);
