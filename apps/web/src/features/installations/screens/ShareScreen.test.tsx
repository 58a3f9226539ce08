// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import {
  fieldError,
  renderWithApp,
  screen,
  setUpTexts,
  toasts,
  within,
} from '../../../test/render.tsx';
import {
  OWN_ID,
  ownInstallation,
  receivedInvitation,
  sentInvitation,
  SHARED_ID,
  sharedInstallation,
} from '../test-fixtures.ts';
import { ShareScreen } from './ShareScreen.tsx';

const EMAIL = 'Teldubústaður';

const open = (id = OWN_ID) =>
  renderWithApp(<ShareScreen />, {
    path: paths.installationShare.pattern,
    url: paths.installationShare(id),
  });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
    'GET /installation-invitations': {
      body: {
        items: [
          sentInvitation(),
          sentInvitation({ id: 'answered', email: 'annar@example.com', state: 'accepted' }),
          sentInvitation({ id: 'elsewhere', installationId: 'another' }),
          receivedInvitation(),
        ],
      },
    },
    ...extra,
  });
}

beforeAll(() => setUpTexts(['installations', 'charging']));

describe('ShareScreen', () => {
  it('lists the invitations sent for this installation, each with its state', async () => {
    api();
    open();
    const list = await screen.findByTestId('sent-invitations');
    const rows = await within(list).findAllByTestId('sent-invitation');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['pending', 'accepted']);
    expect(within(rows[0]!).getByTestId('sent-invitation-state').textContent).toBe('Bíðar');
    expect(within(rows[1]!).getByTestId('sent-invitation-state').textContent).toBe('Tikin ímóti');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('checks the address before sending, then invites by e-mail', async () => {
    const sent = api({
      'POST /installation-invitations': {
        status: 201,
        body: sentInvitation({ id: 'new', email: 'nyggj@example.com' }),
      },
    });
    const { user } = open();
    const email = await screen.findByLabelText(EMAIL);
    await user.type(email, 'ikki-ein-teldubustadur');
    await user.click(screen.getByRole('button', { name: 'Send innbjóðing' }));
    await waitFor(() =>
      expect(fieldError(EMAIL)).toBe('Vinaliga skriva ein gildigan teldubústað.'),
    );
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, ' Nyggj@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send innbjóðing' }));
    await waitFor(() =>
      expect(toasts('success')).toEqual(['Innbjóðing send til nyggj@example.com.']),
    );
    expect(sent.filter((r) => r.method === 'POST')).toMatchObject([
      {
        path: '/installation-invitations',
        body: { installationId: OWN_ID, email: 'nyggj@example.com' },
      },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(EMAIL).value).toBe('');
  });

  it('puts the server’s refusal under the field, and one without a field in a toast', async () => {
    api({
      'POST /installation-invitations': apiError(
        409,
        'INVITATION_EXISTS',
        'Hesin teldupostur hevur longu eina innbjóðing, sum bíðar.',
        { email: 'Hesin teldupostur hevur longu eina innbjóðing, sum bíðar.' },
      ),
    });
    const { user } = open();
    await user.type(await screen.findByLabelText(EMAIL), 'gestur@example.com');
    await user.click(screen.getByRole('button', { name: 'Send innbjóðing' }));
    await waitFor(() =>
      expect(fieldError(EMAIL)).toBe('Hesin teldupostur hevur longu eina innbjóðing, sum bíðar.'),
    );

    api({
      'POST /installation-invitations': apiError(
        422,
        'INVITATIONS_MAX',
        'Ov nógvar innbjóðingar bíða. Tak nakrar aftur fyrst.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Send innbjóðing' }));
    await waitFor(() =>
      expect(toasts('error')).toEqual(['Ov nógvar innbjóðingar bíða. Tak nakrar aftur fyrst.']),
    );
  });

  it('withdraws a waiting invitation', async () => {
    const sent = api({
      [`DELETE /installation-invitations/${sentInvitation().id}`]: { status: 204 },
    });
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Tak innbjóðingina til gestur@example.com aftur' }),
    );
    await waitFor(() =>
      expect(toasts('success')).toEqual(['Innbjóðingin til gestur@example.com er tikin aftur.']),
    );
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('tells a shared user that only the owner shares', async () => {
    const sent = mockApi({
      [`GET /user/installations/${SHARED_ID}`]: { body: sharedInstallation() },
    });
    open(SHARED_ID);
    expect((await screen.findByTestId('share-owner-only')).textContent).toBe(
      'Bert eigarin kann deila hesa ladistøðina.',
    );
    expect(screen.queryByTestId('invite-form')).toBeNull();
    expect(sent.some((r) => r.path === '/installation-invitations')).toBe(false);
  });
});
