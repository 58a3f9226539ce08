// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { testUser } from '../../../test/fixtures.ts';
import { fieldError, renderWithApp, screen, setUpTexts, toasts } from '../../../test/render.tsx';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';

const open = (user = testUser) =>
  renderWithApp(<ProfileDetailsForm user={user} />, { path: paths.profileUser });

beforeAll(() => setUpTexts());

describe('ProfileDetailsForm', () => {
  it('shows the user’s details in labelled fields', () => {
    mockApi({});
    open();
    const value = (label: string) =>
      screen.getByLabelText<HTMLInputElement>(label, { exact: true }).value;
    expect(value('Navn')).toBe('Jógvan Joensen');
    expect(value('Bústaður')).toBe('Undir Bakka 3');
    expect(value('Postnummar')).toBe('100');
    expect(value('Býur/bygd')).toBe('Tórshavn');
    expect(value('Fartelefon')).toBe('555123');
    expect(screen.queryByText('P-tal')).toBeNull();
  });

  it('shows the business numbers of a business account', () => {
    mockApi({});
    open({ ...testUser, accountType: 'business', pNumber: 'P-12', vNumber: 'V-34' });
    expect(screen.getByText('P-12')).toBeTruthy();
    expect(screen.getByText('V-34')).toBeTruthy();
  });

  it('refuses too short values under their own fields and sends nothing', async () => {
    const sent = mockApi({});
    const { user } = open();
    await user.clear(screen.getByLabelText('Navn', { exact: true }));
    await user.type(screen.getByLabelText('Navn', { exact: true }), 'S');
    await user.clear(screen.getByLabelText('Postnummar', { exact: true }));
    await user.type(screen.getByLabelText('Postnummar', { exact: true }), '10');
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(fieldError('Navn')).toBe('Teigurin er kravdur.'));
    expect(fieldError('Postnummar')).toBe('Teigurin er kravdur.');
    expect(fieldError('Bústaður')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('saves the details and takes the server’s user', async () => {
    const saved = { ...testUser, city: 'Klaksvík' };
    const sent = mockApi({ 'PATCH /user': { body: saved } });
    const { user } = open();
    await user.clear(screen.getByLabelText('Býur/bygd', { exact: true }));
    await user.type(screen.getByLabelText('Býur/bygd', { exact: true }), 'Klaksvík');
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(toasts('success')).toEqual(['Upplýsingarnar eru goymdar.']));
    expect(sent).toMatchObject([
      {
        method: 'PATCH',
        path: '/user',
        body: {
          name: 'Jógvan Joensen',
          address: 'Undir Bakka 3',
          postCode: '100',
          city: 'Klaksvík',
          mobile: '555123',
        },
      },
    ]);
    expect(useSession.getState().user?.city).toBe('Klaksvík');
  });

  it('shows the server’s field errors under their fields, anything else as a toast', async () => {
    mockApi({
      'PATCH /user': apiError(400, 'VALIDATION', 'Ein teigur er skeivur.', {
        mobile: 'Vinaliga skriva eitt gildigt telefonnummar.',
      }),
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() =>
      expect(fieldError('Fartelefon')).toBe('Vinaliga skriva eitt gildigt telefonnummar.'),
    );
    expect(toasts('error')).toEqual([]);

    mockApi({ 'PATCH /user': apiError(500, 'INTERNAL', 'Ein feilur hendi (500).') });
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Ein feilur hendi (500).']));
    expect(useSession.getState().user).toBeNull();
  });

  it('takes its error toast away when the form shows field errors again', async () => {
    mockApi({
      'PATCH /user': apiError(503, 'UNAVAILABLE', 'Ein feilur hendi, royn aftur seinni.'),
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Ein feilur hendi, royn aftur seinni.']));
    await user.clear(screen.getByLabelText('Navn', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Goym' }));
    await waitFor(() => expect(fieldError('Navn')).toBe('Teigurin er kravdur.'));
    expect(toasts('error')).toEqual([]);
  });
});
