import i18next from 'i18next';
import { loadTexts } from '../../i18n/index.ts';
import { isNativePlatform } from '../../platform/capacitor.ts';
import { openModal, useModalStore } from '@stod/ui/modal-store.ts';
import { UPDATE_MODAL_ID } from './update-check.ts';

type ServiceWorkerModule = typeof import('../../platform/service-worker.ts');

/**
 * Spec §2 App shell, on the web: after a deploy a new service worker waits, and the same
 * 'Nýggj dagføring' modal offers to start the new version now. 'Dagfør nú' lets the new worker
 * take over and reloads; 'Seinni' leaves it for the next start, when it takes over by itself.
 */
export async function offerWebUpdate(apply: () => void): Promise<void> {
  // Its texts ship with the app bundle: the first paint carries none of this.
  await loadTexts('app');
  if (useModalStore.getState().modals.some((m) => m.testId === UPDATE_MODAL_ID)) return;
  openModal({
    testId: UPDATE_MODAL_ID,
    title: i18next.t('update.title'),
    body: i18next.t('update.webText'),
    dismissible: false,
    actions: [
      { label: i18next.t('update.webNow'), variant: 'primary', closes: false, onPress: apply },
      { label: i18next.t('update.webLater'), variant: 'secondary' },
    ],
  });
}

/** Runs `task` once the page has loaded and the browser is idle: never before the first paint. */
function afterLoadAndIdle(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  // Safari has no requestIdleCallback: a second after load stands in for it.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const run = () => {
    if (cancelled) return;
    idle = hasIdle
      ? window.requestIdleCallback(task, { timeout: 5_000 })
      : window.setTimeout(task, 1_000);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

let started: Promise<ServiceWorkerModule | null> | null = null;

const loadWorkerModule = () => import('../../platform/service-worker.ts');

/** Production builds in a browser: `vite` (dev) serves no worker, the native shells need none. */
export function wantsServiceWorker(): boolean {
  return import.meta.env.PROD && !isNativePlatform() && 'serviceWorker' in navigator;
}

/**
 * Registers the web app's service worker after the first paint and offers each waiting update.
 * The module that registers it loads on demand. Returns the cancel for a registration that has
 * not started yet.
 */
export function watchWebUpdates(): () => void {
  if (!wantsServiceWorker() || started) return () => undefined;
  return afterLoadAndIdle(() => {
    started ??= loadWorkerModule().then(async (worker) => {
      await worker.registerServiceWorker((registration) => {
        void offerWebUpdate(() => worker.applyWaitingWorker(registration));
      });
      return worker;
    });
    started.catch(() => {
      // Without a worker the app works as a plain web page; nothing to tell the user.
      started = Promise.resolve(null);
    });
  });
}

/** The app became active again: a deploy since may have brought a new worker. */
export function checkForWebUpdate(): void {
  void started?.then((worker) => worker?.checkForWorkerUpdate()).catch(() => undefined);
}
