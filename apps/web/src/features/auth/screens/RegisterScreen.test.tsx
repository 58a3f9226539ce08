// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { testUser } from '../../../test/fixtures.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { RegisterScreen } from './RegisterScreen.tsx';

const labels = [
  'Navn',
  'Bústaður',
  'Postnummar',
  'Býur/bygd',
  'Fartelefon',
  'Teldubústaður',
  'Loyniorð',
  'Endurtak loyniorð',
];

const open = () => renderWithApp(<RegisterScreen />, { path: paths.register });

async function fillIn(u: ReturnType<typeof open>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await u.clear(input);
    if (value) await u.type(input, value);
  }
}

const valid = {
  Navn: 'Sámal Hansen',
  Bústaður: 'Niels Finsens gøta 5',
  Postnummar: '100',
  'Býur/bygd': 'Tórshavn',
  Fartelefon: '291234',
  Teldubústaður: 'samal@example.com',
  Loyniorð: 'e2e-password-1',
  'Endurtak loyniorð': 'e2e-password-1',
};

beforeAll(() => setUpTexts());

describe('RegisterScreen', () => {
  it('renders every field of the registration with its label', () => {
    mockApi({});
    open();
    for (const label of labels) expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'keypstreytirnar' }).getAttribute('href')).toMatch(
      /\/legal\/purchase-terms\?lang=fo$/,
    );
  });

  it('shows the spec’s messages under the right fields and sends nothing', async () => {
    const sent = mockApi({});
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() => expect(fieldError('Navn')).toBe('Teigurin er kravdur.'));
    for (const label of ['Bústaður', 'Postnummar', 'Býur/bygd', 'Fartelefon']) {
      expect(fieldError(label), label).toBe('Teigurin er kravdur.');
    }
    expect(fieldError('Teldubústaður')).toBe('Vinaliga skriva ein gildigan teldubústað.');
    expect(fieldError('Loyniorð')).toBe('Loyniorð skal vera minst 8 tekin langt.');
    expect(screen.getByText('Vinaliga góðtak keypstreytir.')).toBeTruthy();
    // Only the company's addresses for the terms link are read; nothing is sent.
    expect(sent.filter((r) => r.path !== '/company')).toEqual([]);
    // The first field on screen takes the focus, not the first one registered (the e-mail).
    expect(document.activeElement).toBe(screen.getByLabelText('Navn', { exact: true }));
  });

  it('focuses the first field in error when only later ones are wrong', async () => {
    mockApi({});
    const { user } = open();
    await fillIn(user, { ...valid, Fartelefon: '', Loyniorð: 'short' });
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() => expect(fieldError('Fartelefon')).toBe('Teigurin er kravdur.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Fartelefon', { exact: true }));
  });

  it('puts a mismatch on the confirmation field', async () => {
    mockApi({});
    const { user } = open();
    await fillIn(user, { ...valid, 'Endurtak loyniorð': 'not-the-same-1' });
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() => expect(fieldError('Endurtak loyniorð')).toBe('Loyniorðini eru ikki eins.'));
    expect(fieldError('Loyniorð')).toBeNull();
  });

  it('shows both a too short password and a different confirmation, each on its field', async () => {
    mockApi({});
    const { user } = open();
    await fillIn(user, { ...valid, Loyniorð: 'short', 'Endurtak loyniorð': 'e2e-password-1' });
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() =>
      expect(fieldError('Loyniorð')).toBe('Loyniorð skal vera minst 8 tekin langt.'),
    );
    expect(fieldError('Endurtak loyniorð')).toBe('Loyniorðini eru ikki eins.');
  });

  it('registers, signs in, keeps the language and goes on to the payment step', async () => {
    const sent = mockApi({
      'POST /user': { status: 201, body: { access_token: 'token-2' } },
      'GET /user/v2': { body: testUser },
      'PUT /user/locale': { status: 204 },
    });
    const { user, router } = open();
    await fillIn(user, valid);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.registerPaymentMethod));
    const calls = sent.filter((r) => r.path !== '/company');
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /user',
      'GET /user/v2',
      'PUT /user/locale',
    ]);
    expect(calls[0]?.body).toEqual({
      name: 'Sámal Hansen',
      address: 'Niels Finsens gøta 5',
      postCode: '100',
      city: 'Tórshavn',
      mobile: '291234',
      email: 'samal@example.com',
      password: 'e2e-password-1',
      passwordConfirmation: 'e2e-password-1',
      terms: true,
    });
    expect(calls[2]?.body).toEqual({ locale: 'fo' });
    expect(toasts('success')).toEqual(['Brúkarin er stovnaður.']);
  });

  it('shows the server’s refusal under its field, or as a toast', async () => {
    mockApi({
      'POST /user': apiError(409, 'EMAIL_TAKEN', 'Ein brúkari finst longu.', {
        email: 'Ein brúkari við hesum teldubústaðnum finst longu.',
      }),
    });
    const { user, router } = open();
    await fillIn(user, valid);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() =>
      expect(fieldError('Teldubústaður')).toBe('Ein brúkari við hesum teldubústaðnum finst longu.'),
    );
    expect(toasts('error')).toEqual([]);

    mockApi({ 'POST /user': apiError(503, 'UNAVAILABLE', 'Ein feilur hendi, royn aftur seinni.') });
    await user.click(screen.getByRole('button', { name: 'Stovna brúkara' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Ein feilur hendi, royn aftur seinni.']));
    expect(router.state.location.pathname).toBe(paths.register);
  });
});
