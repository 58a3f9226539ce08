import { signInResponseSchema, staffMemberSchema, type StaffMember } from '@stod/domain';
import { apiRequest, ApiRequestError, unwrap } from './api.ts';
import { endSession, savedMember, startSession, useSession } from './session.ts';

/** Who the token belongs to; a customer's token answers 403 and is not a console session. */
export function fetchMember(): Promise<StaffMember> {
  return unwrap(apiRequest('/admin/me', { schema: staffMemberSchema }));
}

/** Signs in with the app's own sign-in, then keeps the session only for staff. */
export async function signIn(email: string, password: string): Promise<StaffMember> {
  const { access_token: token } = await unwrap(
    apiRequest('/auth/signIn', {
      method: 'POST',
      body: { email, password },
      schema: signInResponseSchema,
    }),
  );
  useSession.setState({ token });
  try {
    const member = await fetchMember();
    startSession(token, member);
    return member;
  } catch (error) {
    // Not staff: the session the sign-in opened is closed again at once.
    await apiRequest('/auth/signOut', { method: 'POST' });
    useSession.setState({ token: null });
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await apiRequest('/auth/signOut', { method: 'POST' });
  endSession();
}

/**
 * Restores the saved session at start; a token no longer valid is forgotten. Without a network
 * the console opens as the member it last knew, and its screens say what they cannot reach.
 */
export async function restoreSession(): Promise<void> {
  const { token } = useSession.getState();
  if (!token) return;
  try {
    startSession(token, await fetchMember());
  } catch (error) {
    if (error instanceof ApiRequestError && error.apiError.statusCode > 0) endSession();
    else useSession.setState({ member: savedMember() });
  }
}
