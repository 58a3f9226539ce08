import { getPreference, removePreference, setPreference } from '../../platform/preferences.ts';
import {
  deviceMeta,
  devicePushToken,
  dropDevicePushToken,
  pushPermission,
  requestPushPermission,
  type PushPermission,
} from '../../platform/push.ts';
import { deletePushToken, getWebPushKey, registerPushToken } from './api/push-api.ts';

/**
 * Spec §4 "Push setup": ask for permission and keep the decision on the device; when denied,
 * forget the stored token; otherwise fetch the device's token, keep it and register it with the
 * server. Registration errors are only logged (§8): the answer says how far it came.
 */
export type PushSetupResult = 'registered' | 'failed' | PushPermission;

const PERMISSION = 'push_permission';
const TOKEN = 'push_token';
const TOKEN_ID = 'push_token_id';
const DEVICE_ID = 'push_device_id';

/** A stable id for this installation of the app, made once. */
async function deviceId(): Promise<string> {
  const stored = await getPreference(DEVICE_ID);
  if (stored) return stored;
  const made = crypto.randomUUID();
  await setPreference(DEVICE_ID, made);
  return made;
}

/** Forgets this device's token, on the server and on the device. */
export async function forgetPushToken(): Promise<void> {
  const id = await getPreference(TOKEN_ID);
  if (id) {
    const [, error] = await deletePushToken(id);
    if (error && error.statusCode !== 404)
      console.warn('push: the device could not be removed', error);
  }
  await Promise.all([removePreference(TOKEN), removePreference(TOKEN_ID)]);
  await dropDevicePushToken().catch((error: unknown) => {
    console.warn('push: the subscription could not be dropped', error);
  });
}

export async function runPushSetup(options: { ask: boolean }): Promise<PushSetupResult> {
  let permission: PushPermission;
  try {
    permission = options.ask ? await requestPushPermission() : await pushPermission();
  } catch (error) {
    console.warn('push: permission unknown', error);
    return 'failed';
  }
  if (permission === 'unsupported') return permission;
  await setPreference(PERMISSION, permission);
  if (permission === 'denied') {
    await forgetPushToken();
    return permission;
  }
  if (permission !== 'granted') return permission;
  try {
    const [key] = await getWebPushKey();
    const token = await devicePushToken(key?.publicKey ?? null);
    if (!token) return 'unsupported';
    await setPreference(TOKEN, token);
    const [device, error] = await registerPushToken({
      token,
      deviceId: await deviceId(),
      deviceMeta: await deviceMeta(),
    });
    if (error) {
      console.warn('push: registration refused', error);
      return 'failed';
    }
    await setPreference(TOKEN_ID, device.id);
    return 'registered';
  } catch (error) {
    console.warn('push: registration failed', error);
    return 'failed';
  }
}

/** Whether this device has a token registered (as far as the device knows). */
export const hasRegisteredToken = async () => (await getPreference(TOKEN_ID)) !== null;
