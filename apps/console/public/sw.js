// The staff console's service worker: it makes the console installable and lets it start
// without a network, showing its own "no connection" states instead of the browser's error page.
// It keeps only the console's own files, never an answer of the API:
// - a page load goes to the network first, and falls back to the last console page it kept;
// - a build file under /console/assets/ (its name carries its content's hash) is kept as it is;
// - the icons and the manifest are kept too, refreshed whenever the network answers.
// A new deploy's page names new build files, so nothing stale outlives the next load online.
const CACHE = 'stod-console-v1';
const SCOPE = new URL(self.registration.scope).pathname; // '/console/'
const SHELL = SCOPE;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('stod-console-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Only a complete answer of the console's own files is kept. */
const keepable = (response) =>
  response.ok && response.type === 'basic' && !response.headers.has('set-cookie');

/**
 * The network's answer, kept under `key`; without a network, the answer kept last. Every console
 * address is kept as the one page they all start from.
 */
async function networkFirst(request, key = request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (keepable(response)) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function hashed(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  if (url.pathname === `${SCOPE}sw.js`) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL));
  else if (url.pathname.startsWith(`${SCOPE}assets/`)) event.respondWith(hashed(request));
  else if (/^icons\/|^favicon\.svg$|^manifest\.webmanifest$/.test(url.pathname.slice(SCOPE.length)))
    event.respondWith(networkFirst(request));
});
