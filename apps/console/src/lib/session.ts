import { staffMemberSchema, type StaffMember } from '@stod/domain';
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

const MEMBER_KEY = `${SESSION_KEY}.member`;

/**
 * Who the saved token belonged to when the API last said so: a console that starts without a
 * network (a station's tablet after a power cut) opens as that member, and the API decides again
 * once it answers.
 */
export function savedMember(): StaffMember | null {
  try {
    const parsed = staffMemberSchema.safeParse(
      JSON.parse(localStorage.getItem(MEMBER_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The staff member signed in on this device; the token survives a reload (a kitchen screen). */
export const useSession = create<SessionState>(() => ({ token: savedToken(), member: null }));

export function startSession(token: string, member: StaffMember): void {
  localStorage.setItem(SESSION_KEY, token);
  localStorage.setItem(MEMBER_KEY, JSON.stringify(member));
  useSession.setState({ token, member });
}

export function endSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(MEMBER_KEY);
  useSession.setState({ token: null, member: null });
}
