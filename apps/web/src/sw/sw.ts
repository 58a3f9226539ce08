/// <reference lib="webworker" />
// The app's service worker (built by vite-plugin-pwa, injectManifest): the app shell from the
// precache, so the app starts offline and shows /no-network; the build files it left out cached
// on first use; web push. It never answers or keeps the API (cache-rules.ts).
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { isAppNavigation, isCacheableResponse, runtimeCacheRule } from './cache-rules.ts';
import { notificationTarget, parsePushMessage, pickWindow } from './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const origin = self.location.origin;

// index.html, the build's JS and CSS, the fonts and the icons (vite.config.ts lists them).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every route of the app starts from the cached index.html; the app then decides, offline too.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, origin),
  createHandlerBoundToURL('/index.html'),
);

const onlyComplete: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(
      isCacheableResponse(response.status, response.headers.get('content-type')) ? response : null,
    ),
};
const rule =
  (wanted: string) =>
  ({ request, url }: { request: Request; url: URL }) =>
    runtimeCacheRule(
      { url, method: request.method, authorized: request.headers.has('authorization') },
      origin,
    ) === wanted;

registerRoute(
  rule('hashed'),
  new CacheFirst({
    cacheName: 'stod-assets',
    plugins: [onlyComplete, new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  rule('static'),
  new StaleWhileRevalidate({
    cacheName: 'stod-images',
    plugins: [onlyComplete, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

// A new worker waits until the user accepts the update the app offers (useUpdateCheck).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const data = event.data?.text() ?? null;
  event.waitUntil(
    appName().then((name) => {
      const message = parsePushMessage(data, name);
      return self.registration.showNotification(message.title, {
        body: message.body,
        icon: ICON,
        badge: BADGE,
        ...(message.tag ? { tag: message.tag } : {}),
        data: { url: message.url, kind: message.kind ?? null },
      });
    }),
  );
});

/** The brand's name, from the web app manifest: the worker has no other configuration. */
async function appName(): Promise<string> {
  const manifest = await matchPrecache('/manifest.webmanifest');
  const json = (await manifest?.json().catch(() => null)) as { short_name?: unknown } | null;
  return typeof json?.short_name === 'string' ? json.short_name : '';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    origin,
  );
  event.waitUntil(openApp(url));
});

/** Brings an open app window forward at the URL, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = pickWindow(windows, origin);
  if (client) {
    const focused = await client.focus().catch(() => client);
    // navigate() works only on a window this worker controls; another one opens a new window.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

// pushsubscriptionchange is not handled: the app registers its subscription with the server
// again on its next start (features/push), which replaces a subscription the browser renewed.
