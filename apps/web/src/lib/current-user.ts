import type { CurrentUser } from '@stod/domain';
import {
  getPreference,
  PREF_KEYS,
  removePreference,
  setPreference,
} from '../platform/preferences.ts';
import { apiRequest, onUnauthorized, type ApiResult } from './api-client.ts';
import { useSession } from './session.ts';

/**
 * GET /api/user/v2: the signed-in user. Shared by every feature, so it lives here. The schema
 * loads on demand: guests on /login never need it.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<ApiResult<CurrentUser>> {
  const { currentUserSchema } = await import('./response-schemas.ts');
  return apiRequest('/user/v2', { schema: currentUserSchema, ...(signal ? { signal } : {}) });
}

export function setCurrentUser(user: CurrentUser): void {
  useSession.setState({ user, status: 'signedIn' });
}

/** Spec §4 Auth: the token comes from the device, then the user is fetched. */
export async function restoreSession(): Promise<void> {
  const token = await getPreference(PREF_KEYS.accessToken);
  if (!token) {
    useSession.setState({ status: 'guest', token: null, user: null });
    return;
  }
  useSession.setState({ token });
  const [user, error] = await getCurrentUser();
  if (user) {
    setCurrentUser(user);
    return;
  }
  // A failed fetch only marks the fetch as done; a refused token is also forgotten.
  if (error.statusCode === 401) await removePreference(PREF_KEYS.accessToken);
  useSession.setState({
    status: 'guest',
    token: error.statusCode === 401 ? null : token,
    user: null,
  });
}

/** Login: store the token and fetch the user. Returns the fetch's error, if any. */
export async function startSession(token: string): Promise<ApiResult<CurrentUser>> {
  await setPreference(PREF_KEYS.accessToken, token);
  useSession.setState({ token });
  const result = await getCurrentUser();
  if (result[0]) setCurrentUser(result[0]);
  return result;
}

/** Logout: remove the token and every cached answer that belonged to the user. */
export async function endSession(): Promise<void> {
  useSession.setState({ status: 'guest', token: null, user: null });
  // Loaded on demand: /login never needs the query library for its first paint.
  const { queryClient } = await import('./query-client.ts');
  queryClient.clear();
  await removePreference(PREF_KEYS.accessToken);
}

const expiredListeners = new Set<() => void>();

/** A token the server refused mid-session: the shell sends the user to sign in again. */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

onUnauthorized(() => {
  if (useSession.getState().status !== 'signedIn') return;
  void endSession().then(() => {
    for (const listener of expiredListeners) listener();
  });
});
