import type { DeviceTokenInput } from '@stod/domain';
import { currentPlatform, isNativePlatform } from './capacitor.ts';
import { lazyListener } from './listeners.ts';

/**
 * Push on the device (spec §4 "Push setup"): in the shells through @capacitor/push-notifications
 * (FCM on Android, APNs on iOS), on the web through the service worker's Push API. The plugins
 * load only on native, and this module only when push is used.
 */
export type PushPermission = 'granted' | 'denied' | 'prompt' | 'unsupported';

const nativePush = () => import('@capacitor/push-notifications').then((m) => m.PushNotifications);
const nativeLocal = () =>
  import('@capacitor/local-notifications').then((m) => m.LocalNotifications);

/**
 * How long a production build waits for its service worker to be active: it is registered after
 * the first paint and activates once it has cached the app shell.
 */
const WORKER_WAIT_MS = 60_000;

/** A production build in a browser registers a service worker (features/system/web-update.ts). */
const workerExpected = () => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * The service worker's registration, if the app runs under one. Production builds register it
 * just after the first paint, so they wait for it a while; a development build has none.
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const now = await navigator.serviceWorker.getRegistration();
  if (now || !import.meta.env.PROD) return now ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

const webPermission = (): PushPermission => {
  if (!('Notification' in window) || !('PushManager' in window)) return 'unsupported';
  return Notification.permission === 'default' ? 'prompt' : Notification.permission;
};

export async function pushPermission(): Promise<PushPermission> {
  if (isNativePlatform()) {
    const { receive } = await (await nativePush()).checkPermissions();
    return receive === 'granted' ? 'granted' : receive === 'denied' ? 'denied' : 'prompt';
  }
  const permission = webPermission();
  if (permission === 'denied' || permission === 'unsupported') return permission;
  // The worker may still be caching the app shell; the token waits for it, the answer need not.
  if (!workerExpected() && !(await navigator.serviceWorker.getRegistration())) return 'unsupported';
  return permission;
}

/** Asks the user (the system's own dialog); answers the decision. */
export async function requestPushPermission(): Promise<PushPermission> {
  if (isNativePlatform()) {
    const { receive } = await (await nativePush()).requestPermissions();
    return receive === 'granted' ? 'granted' : receive === 'denied' ? 'denied' : 'prompt';
  }
  if (webPermission() === 'unsupported') return 'unsupported';
  // Asked at once, while the tap still counts as the user's: the worker is waited for later.
  const answer = await Notification.requestPermission();
  if (!workerExpected() && !(await navigator.serviceWorker.getRegistration())) return 'unsupported';
  return answer === 'default' ? 'prompt' : answer;
}

const urlBase64ToBytes = (value: string) => {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/**
 * The device's push token: the FCM or APNs token from the shell, or the web subscription as
 * JSON (subscribed with the server's VAPID key). Null when push is unavailable here.
 */
export async function devicePushToken(webKey: string | null): Promise<string | null> {
  if (isNativePlatform()) {
    const push = await nativePush();
    const token = new Promise<string>((resolve, reject) => {
      void push.addListener('registration', (t) => resolve(t.value));
      void push.addListener('registrationError', (e) => reject(new Error(e.error)));
    });
    await push.register();
    try {
      return await token;
    } finally {
      await push.removeAllListeners();
      listenNative();
    }
  }
  const registration = await workerRegistration();
  if (!registration || !webKey) return null;
  const key = urlBase64ToBytes(webKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key cannot be used: it is made anew.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return JSON.stringify(subscription.toJSON());
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** What the server keeps of the device beside its token (spec §3 deviceMeta). */
export async function deviceMeta(): Promise<DeviceTokenInput['deviceMeta']> {
  if (isNativePlatform()) {
    const { Device } = await import('@capacitor/device');
    const info = await Device.getInfo();
    return {
      ...(info.name ? { name: info.name.slice(0, 200) } : {}),
      platform: currentPlatform(),
      osVersion: info.osVersion.slice(0, 50) || '?',
      model: info.model.slice(0, 100) || '?',
      isVirtual: info.isVirtual,
    };
  }
  const agent = navigator.userAgent;
  const browser =
    /(Edg|OPR|Firefox|Chrome|CriOS|Version)\/[\d.]+/
      .exec(agent)?.[0]
      .replace('Version', 'Safari') ?? 'Browser';
  const os = /(Android [\d.]+|iPhone OS [\d_]+|Mac OS X [\d_]+|Windows NT [\d.]+|Linux)/.exec(
    agent,
  )?.[0];
  return {
    platform: 'web',
    osVersion: (os ?? 'web').replace(/_/g, '.').slice(0, 50),
    model: browser.slice(0, 100),
    isVirtual: false,
  };
}

/** Stops this device's pushes at the provider too (the web subscription, the shell's token). */
export async function dropDevicePushToken(): Promise<void> {
  if (isNativePlatform()) {
    await (await nativePush()).unregister();
    return;
  }
  const registration = await workerRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

// ---------------------------------------------------------------------------------------------
// Arriving and tapped pushes in the shells (the web's are the service worker's).

type Tapped = (url: string) => void;
let tappedCallback: Tapped | null = null;
let listening = false;

const urlOf = (data: unknown) => {
  const url = (data as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
};

/** The Android foreground re-show delay (spec §9). */
export const FOREGROUND_RESHOW_MS = 1000;

function listenNative() {
  if (!isNativePlatform() || listening) return;
  listening = true;
  void nativePush().then((push) => {
    // Spec §4: on Android a push arriving in the foreground is shown again as a local
    // notification after a second (the system shows none while the app is open).
    void push.addListener('pushNotificationReceived', (notification) => {
      if (currentPlatform() !== 'android') return;
      setTimeout(() => {
        void nativeLocal().then((local) =>
          local.schedule({
            notifications: [
              {
                id: Math.floor(Math.random() * 2_000_000_000),
                title: notification.title ?? '',
                body: notification.body ?? '',
                extra: notification.data as unknown,
              },
            ],
          }),
        );
      }, FOREGROUND_RESHOW_MS);
    });
    void push.addListener('pushNotificationActionPerformed', (action) => {
      const url = urlOf(action.notification.data);
      if (url) tappedCallback?.(url);
    });
  });
  void nativeLocal().then((local) =>
    local.addListener('localNotificationActionPerformed', (action) => {
      const url = urlOf(action.notification.extra);
      if (url) tappedCallback?.(url);
    }),
  );
}

/** Calls back with the app path of a tapped notification (native; the web's worker navigates). */
export function onPushTapped(callback: Tapped): () => void {
  if (!isNativePlatform()) return () => undefined;
  tappedCallback = callback;
  listenNative();
  return lazyListener(() =>
    Promise.resolve({
      remove: () => {
        if (tappedCallback === callback) tappedCallback = null;
        return Promise.resolve();
      },
    }),
  );
}
