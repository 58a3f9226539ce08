/**
 * What the service worker may answer from its caches. Pure, so the rules are tested without a
 * worker; sw.ts only wires them to Workbox.
 *
 * The API serves more than the app from the same origin (apps/api/src/app.ts): the API itself
 * with its docs and the simulators' pages under /api, the staff console under /console, Socket.IO
 * and the chargers' OCPP endpoint. None of those is the app, and none is ever cached.
 */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/console(\/|$)/, /^\/socket\.io(\/|$)/, /^\/ocpp(\/|$)/];

/** A path the server answers itself. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((pattern) => pattern.test(pathname));
}

/** The last segment names a file (`/sw.js`, `/icons/icon-192.png`), not one of the app's routes. */
function isFilePath(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/**
 * A navigation that the cached app (index.html) may answer, so that the app starts offline and
 * shows its own screens (/no-network among them). Anything else goes to the network as usual.
 */
export function isAppNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !isServerPath(url.pathname) && !isFilePath(url.pathname);
}

/**
 * - `hashed`: a build file under /assets/ that the precache left out (the QR decoder's
 *   WebAssembly, the older font format). Its name changes with its content, so it is kept as it is
 *   (cache first).
 * - `static`: a public image whose name stays (the menu's pictures): shown from the cache and
 *   refreshed in the background.
 */
export type CacheRule = 'hashed' | 'static';

export interface RequestFacts {
  url: URL;
  method: string;
  /** Whether the request carries an Authorization header. */
  authorized: boolean;
}

/** How the worker may keep a request's answer beyond the precache; null: never. */
export function runtimeCacheRule(request: RequestFacts, origin: string): CacheRule | null {
  const { url, method, authorized } = request;
  if (method !== 'GET' || authorized || url.origin !== origin || url.search !== '') return null;
  if (isServerPath(url.pathname)) return null;
  if (url.pathname.startsWith('/assets/')) return 'hashed';
  if (/^\/(food|icons)\/[^/]+\.(svg|png|webp|jpg)$/i.test(url.pathname)) return 'static';
  return null;
}

/**
 * Whether an answer may be stored: only a complete 200, and never the app's index.html that the
 * server would send for a file it does not have (a chunk of a build that is gone).
 */
export function isCacheableResponse(status: number, contentType: string | null): boolean {
  return status === 200 && !(contentType ?? '').toLowerCase().startsWith('text/html');
}
