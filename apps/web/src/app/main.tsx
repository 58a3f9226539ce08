import '../fonts.css';
import '../styles.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { currentLocale } from '../i18n/index.ts';
import { currentPlatform } from '../platform/capacitor.ts';
import { applyBrand } from './brand.ts';
import { watchRouter } from './guards.ts';
import { whenSettled } from './router-settled.ts';
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

type Router = ReturnType<typeof createBrowserRouter>;

/** Runs `then` once the first screen has rendered and the browser has painted it. */
function afterFirstScreen(router: Router, then: () => void): void {
  whenSettled(router, () => requestAnimationFrame(() => setTimeout(then, 0)));
}

applyBrand();
// index.html shows the splash until the router renders, or, at the addresses the build rendered
// (decision 0064), a guest's first screen in the page's language, which the app hydrates.
const prerendered = container.dataset.prerendered;
const pageLocale = document.documentElement.lang;

/**
 * Gives the browser its turn between the start's steps, so a phone answers a tap between them
 * instead of after all of them in one long task.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await yieldToBrowser();
// The first screen (and its texts, which need the language) loads while the user is restored. A
// prerendered page has asked for that screen's files already, and matching the address against
// every route twice is work a phone notices.
const { online, signedIn } = await startup(() => {
  if (!prerendered) fetchFirstScreen([rootRoute]);
});
await yieldToBrowser();

const router = createBrowserRouter([rootRoute]);
watchRouter(router);
/**
 * Marks the page once the app has drawn or hydrated its first screen: until then a prerendered
 * page's own script keeps its forms from submitting natively (apps/api/src/static.ts).
 */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <Ready />
  </StrictMode>
);

const drawsThePage = () =>
  online &&
  !signedIn &&
  prerendered === window.location.pathname &&
  router.state.location.pathname === prerendered &&
  currentLocale() === pageLocale;

if (prerendered && drawsThePage()) {
  // Hydrated once the guards, the screen and its texts are in, as they were at build time; as a
  // transition, so hydrating yields to the browser between components instead of blocking it.
  whenSettled(router, () => {
    if (drawsThePage()) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
} else {
  createRoot(container).render(app);
}

// A guest's stations (spec §4 Startup) come once the first screen has painted.
if (online && !signedIn) afterFirstScreen(router, loadStations);
