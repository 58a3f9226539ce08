// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { testUser } from '../../../test/fixtures.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { LoginScreen } from './LoginScreen.tsx';

const open = () => renderWithApp(<LoginScreen />, { path: paths.login });

async function fill(screenUser: ReturnType<typeof open>['user'], email: string, password: string) {
  if (email) await screenUser.type(screen.getByLabelText('Teldubústaður'), email);
  if (password) await screenUser.type(screen.getByLabelText('Loyniorð'), password);
  await screenUser.click(screen.getByRole('button', { name: 'Rita inn' }));
}

beforeAll(() => setUpTexts());

describe('LoginScreen', () => {
  it('renders the form with its labels and the ways on', () => {
    mockApi({});
    open();
    expect(screen.getByLabelText('Teldubústaður').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Loyniorð').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Gloymt loyniorð?' }).getAttribute('href')).toBe(
      paths.forgotPassword,
    );
    expect(screen.getByRole('link', { name: 'Stovna brúkara' }).getAttribute('href')).toBe(
      paths.register,
    );
  });

  it('shows the domain’s messages under each field and sends nothing', async () => {
    const sent = mockApi({});
    const { user: u } = open();
    await fill(u, 'not-an-address', '');
    expect(await screen.findByText('Vinaliga skriva ein gildigan teldubústað.')).toBeTruthy();
    expect(fieldError('Teldubústaður')).toBe('Vinaliga skriva ein gildigan teldubústað.');
    expect(fieldError('Loyniorð')).toBe('Teigurin er kravdur.');
    expect(sent).toEqual([]);
  });

  it('signs in with what was typed, fetches the user and goes on', async () => {
    const sent = mockApi({
      'POST /auth/signIn': { body: { access_token: 'token-1' } },
      'GET /user/v2': { body: testUser },
    });
    const { user: u, router } = open();
    await fill(u, 'jogvan@example.com', 'demo-password-1');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/auth/signIn',
      body: { email: 'jogvan@example.com', password: 'demo-password-1' },
    });
    expect(sent[1]?.headers.Authorization).toBe('Bearer token-1');
    expect(useSession.getState()).toMatchObject({ status: 'signedIn', token: 'token-1' });
  });

  it('shows a refusal as a toast, and the server’s field errors under their fields', async () => {
    mockApi({
      'POST /auth/signIn': apiError(
        401,
        'INVALID_CREDENTIALS',
        'Teldubústaðurin ella loyniorðið er skeivt.',
      ),
    });
    const { user: u, router } = open();
    await fill(u, 'jogvan@example.com', 'wrong-password');
    await waitFor(() =>
      expect(toasts('error')).toEqual(['Teldubústaðurin ella loyniorðið er skeivt.']),
    );
    expect(fieldError('Teldubústaður')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.login);

    mockApi({
      'POST /auth/signIn': apiError(400, 'VALIDATION', 'Ein ella fleiri teigar eru skeivir.', {
        email: 'Vinaliga skriva ein gildigan teldubústað.',
      }),
    });
    await u.click(screen.getByRole('button', { name: 'Rita inn' }));
    await waitFor(() =>
      expect(fieldError('Teldubústaður')).toBe('Vinaliga skriva ein gildigan teldubústað.'),
    );
  });

  it('takes the refusal’s toast away when the form shows field errors', async () => {
    const sent = mockApi({
      'POST /auth/signIn': apiError(
        401,
        'INVALID_CREDENTIALS',
        'Teldubústaðurin ella loyniorðið er skeivt.',
      ),
    });
    const { user: u } = open();
    await fill(u, 'jogvan@example.com', 'wrong-password');
    await waitFor(() => expect(toasts('error')).toHaveLength(1));

    // A second refusal replaces the first toast rather than stacking under it.
    await u.click(screen.getByRole('button', { name: 'Rita inn' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts('error')).toHaveLength(1);

    await u.clear(screen.getByLabelText('Teldubústaður'));
    await u.click(screen.getByRole('button', { name: 'Rita inn' }));
    await waitFor(() =>
      expect(fieldError('Teldubústaður')).toBe('Vinaliga skriva ein gildigan teldubústað.'),
    );
    await waitFor(() => expect(toasts('error')).toEqual([]));
  });
});
