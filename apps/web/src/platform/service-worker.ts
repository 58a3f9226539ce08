/**
 * The service worker of the web app (src/sw/sw.ts; vite.config.ts builds it to /sw.js, so its
 * scope is the whole app). Only production builds in a browser register it
 * (features/system/web-update.ts); this module loads on demand.
 */
const WORKER_URL = '/sw.js';

/** The parts of the browser's ServiceWorkerContainer used here (tests hand in a stand-in). */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'register' | 'getRegistration' | 'addEventListener'
>;

export type Registration = Pick<
  ServiceWorkerRegistration,
  'waiting' | 'installing' | 'update' | 'addEventListener'
>;

/**
 * An update to offer: a new worker has installed and waits, and this page runs under an older
 * one. On the first visit there is no older one (no controller): the new worker simply takes the
 * next start, with nothing to offer.
 */
export function hasUpdateWaiting(
  registration: Pick<Registration, 'waiting'>,
  container: Pick<WorkerContainer, 'controller'>,
): boolean {
  return registration.waiting !== null && container.controller !== null;
}

/**
 * Registers the worker and calls `onUpdate` when a new one waits: one left from an earlier visit,
 * or one found now or later (the browser checks on navigation, `checkForWorkerUpdate` on resume).
 */
export async function registerServiceWorker(
  onUpdate: (registration: Registration) => void,
  container: WorkerContainer = navigator.serviceWorker,
): Promise<Registration> {
  const registration = await container.register(WORKER_URL);
  const check = () => {
    if (hasUpdateWaiting(registration, container)) onUpdate(registration);
  };
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') check();
    });
  });
  check();
  return registration;
}

/** Asks the server for a newer worker (the app came back to the foreground). */
export async function checkForWorkerUpdate(
  container: WorkerContainer = navigator.serviceWorker,
): Promise<void> {
  const registration = await container.getRegistration();
  await registration?.update();
}

/**
 * Lets the waiting worker take over and reloads the page once it controls it, so the page and
 * its worker come from the same build. False when no worker waits.
 */
export function applyWaitingWorker(
  registration: Pick<Registration, 'waiting'>,
  container: Pick<WorkerContainer, 'addEventListener'> = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): boolean {
  const waiting = registration.waiting;
  if (!waiting) return false;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}

const INSTALL_WAIT_MS = 10_000;

/** Resolves when the installing worker (if any) has installed or failed, or after a while. */
function settled(worker: ServiceWorker | null): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state !== 'installing') resolve();
    };
    worker.addEventListener('statechange', done);
    setTimeout(resolve, INSTALL_WAIT_MS);
    done();
  });
}

/**
 * "Get the update" on the web: a plain reload would start the build the current worker cached,
 * so the newest worker is fetched and put in charge first. Without a worker it is a reload.
 */
export async function reloadToNewest(
  container: WorkerContainer | null = 'serviceWorker' in navigator ? navigator.serviceWorker : null,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const registration = await container?.getRegistration().catch(() => undefined);
  if (container && registration) {
    await registration.update().catch(() => undefined);
    await settled(registration.installing);
    if (applyWaitingWorker(registration, container, reload)) return;
  }
  reload();
}
