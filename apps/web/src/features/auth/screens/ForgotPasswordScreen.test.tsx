// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';

const open = () => renderWithApp(<ForgotPasswordScreen />, { path: paths.forgotPassword });

beforeAll(() => setUpTexts());

describe('ForgotPasswordScreen', () => {
  it('asks for the e-mail address', () => {
    mockApi({});
    open();
    expect(screen.getByLabelText('Teldubústaður').getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Send leinkju' })).toBeTruthy();
  });

  it('refuses an address that is not one, under the field, and sends nothing', async () => {
    const sent = mockApi({});
    const { user } = open();
    await user.type(screen.getByLabelText('Teldubústaður'), 'jogvan@');
    await user.click(screen.getByRole('button', { name: 'Send leinkju' }));
    await waitFor(() =>
      expect(fieldError('Teldubústaður')).toBe('Vinaliga skriva ein gildigan teldubústað.'),
    );
    expect(sent).toEqual([]);
  });

  it('asks for the link and says where it went', async () => {
    const sent = mockApi({ 'POST /user/forgotPassword': { status: 204 } });
    const { user } = open();
    await user.type(screen.getByLabelText('Teldubústaður'), 'jogvan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send leinkju' }));
    expect(await screen.findByTestId('forgot-sent')).toBeTruthy();
    expect(screen.getByText(/jogvan@example\.com/)).toBeTruthy();
    expect(sent).toMatchObject([
      { method: 'POST', path: '/user/forgotPassword', body: { email: 'jogvan@example.com' } },
    ]);
    expect(screen.getByRole('link', { name: 'Aftur til innritan' }).getAttribute('href')).toBe(
      paths.login,
    );
  });

  it('shows a refusal as a toast and stays on the form', async () => {
    mockApi({
      'POST /user/forgotPassword': apiError(
        429,
        'RATE_LIMITED',
        'Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      ),
    });
    const { user } = open();
    await user.type(screen.getByLabelText('Teldubústaður'), 'jogvan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send leinkju' }));
    await waitFor(() =>
      expect(toasts('error')).toEqual([
        'Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      ]),
    );
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
  });
});
