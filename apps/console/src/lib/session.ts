import type { StaffMember } from '@stod/domain';
import { create } from 'zustand';
import { SESSION_KEY } from '../config.ts';

interface SessionState {
  token: string | null;
  member: StaffMember | null;
}

function savedToken(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

/** The staff member signed in on this device; the token survives a reload (a kitchen screen). */
export const useSession = create<SessionState>(() => ({ token: savedToken(), member: null }));

export function startSession(token: string, member: StaffMember): void {
  localStorage.setItem(SESSION_KEY, token);
  useSession.setState({ token, member });
}

export function endSession(): void {
  localStorage.removeItem(SESSION_KEY);
  useSession.setState({ token: null, member: null });
}
