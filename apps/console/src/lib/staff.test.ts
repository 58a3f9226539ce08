// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../config.ts';
import { members } from '../test/render.tsx';
import { endSession, startSession, useSession } from './session.ts';
import { restoreSession } from './staff.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

describe('restoreSession', () => {
  it('opens as the member last known when the API cannot be reached', async () => {
    startSession('token-1', members.kitchen);
    useSession.setState({ member: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ token: 'token-1', member: members.kitchen });
  });

  it('forgets the session, and the member with it, when the API says the token is gone', async () => {
    startSession('token-2', members.station);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ token: null, member: null });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(`${SESSION_KEY}.member`)).toBeNull();
  });

  it('does not open offline as a member whose saved record is broken', async () => {
    startSession('token-3', members.operator);
    localStorage.setItem(`${SESSION_KEY}.member`, '{"role":');
    useSession.setState({ member: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await restoreSession();
    expect(useSession.getState().member).toBeNull();
  });
});
