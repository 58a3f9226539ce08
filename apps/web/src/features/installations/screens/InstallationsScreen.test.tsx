// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { testUser } from '../../../test/fixtures.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts, toasts, within } from '../../../test/render.tsx';
import {
  INVITATION_ID,
  ownInstallation,
  receivedInvitation,
  sentInvitation,
  sharedInstallation,
} from '../test-fixtures.ts';
import { InstallationsScreen } from './InstallationsScreen.tsx';

const open = (search = '') =>
  renderWithApp(<InstallationsScreen />, {
    path: paths.installations,
    url: `${paths.installations}${search}`,
  });

beforeAll(() => setUpTexts(['installations', 'charging']));
afterEach(() => useSession.setState({ status: 'guest', token: null, user: null }));

describe('InstallationsScreen', () => {
  it('lists the invitations waiting, the own installations, then the shared ones', async () => {
    mockApi({
      'GET /user/installations': { body: { items: [ownInstallation(), sharedInstallation()] } },
      'GET /installation-invitations': {
        body: {
          items: [
            receivedInvitation(),
            receivedInvitation({ id: 'answered', state: 'declined' }),
            sentInvitation(),
          ],
        },
      },
    });
    open();
    const waiting = await screen.findByTestId('received-invitations');
    const cards = within(waiting).getAllByTestId('received-invitation');
    expect(cards).toHaveLength(1);
    expect(cards[0]?.textContent).toContain('Óli Jacobsen bjóðar tær at lada á Garðurin');

    const own = within(screen.getByTestId('own-installations')).getAllByTestId('my-installation');
    expect(own).toHaveLength(1);
    expect(own[0]?.getAttribute('href')).toBe(paths.installation(ownInstallation().id));
    expect(within(own[0]!).getByTestId('installation-role').textContent).toBe('Tín egna');
    expect(within(own[0]!).getByTestId('installation-public').textContent).toBe('Privat');
    expect(own[0]?.textContent).toContain('1 brúkari við atgongd');

    const shared = within(screen.getByTestId('shared-installations')).getAllByTestId(
      'my-installation',
    );
    expect(shared).toHaveLength(1);
    expect(within(shared[0]!).getByTestId('installation-role').textContent).toBe('Deild við teg');
    expect(shared[0]?.textContent).toContain('Eigari: Sigrid Poulsen');
    expect(within(shared[0]!).getByTestId('my-installation-limits').textContent).toBe(
      '12,35 av 150 kWh brúkt henda mánaðin · Gildir til 30.12.2026',
    );
    expect(within(shared[0]!).queryByTestId('installation-public')).toBeNull();

    // Own first, then shared: the order of the screen.
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Innbjóðingar', 'Tínar ladistøðir', 'Deildar við teg']);
  });

  it('accepts the invitation of the e-mail’s link with its token, then forgets the link', async () => {
    let accepted = false;
    const sent = mockApi({
      'GET /user/installations': () => ({
        body: { items: accepted ? [sharedInstallation({ name: 'Garðurin' })] : [] },
      }),
      // Read again at once, the list already says accepted: the card goes, its toast stays.
      'GET /installation-invitations': () => ({
        body: { items: [receivedInvitation(accepted ? { state: 'accepted' } : {})] },
      }),
      [`POST /installation-invitations/${INVITATION_ID}/accept`]: () => {
        accepted = true;
        return { body: receivedInvitation({ state: 'accepted' }) };
      },
    });
    const { user, router } = open(`?invitation=${INVITATION_ID}&token=abc%2B123`);
    const card = await screen.findByTestId('linked-invitation');
    expect(card.textContent).toContain('Innbjóðingin úr teldupostinum');
    // The link's invitation is not listed twice.
    expect(screen.queryByTestId('received-invitation')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Tak ímóti' }));
    await waitFor(() => expect(toasts('success')).toEqual(['Tú hevur nú atgongd til Garðurin.']));
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      path: `/installation-invitations/${INVITATION_ID}/accept`,
      body: { token: 'abc+123' },
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The lists are read again: the new share is one of the user's installations.
    expect(await screen.findByTestId('shared-installations')).toBeTruthy();
    expect(screen.queryByTestId('linked-invitation-note')).toBeNull();
    expect(sent.filter((r) => r.path === '/user/installations').length).toBeGreaterThan(1);
  });

  it('says in the server’s words why an invitation cannot be accepted without the link', async () => {
    mockApi({
      'GET /user/installations': { body: { items: [] } },
      'GET /installation-invitations': { body: { items: [receivedInvitation()] } },
      [`POST /installation-invitations/${INVITATION_ID}/accept`]: apiError(
        403,
        'INVITATION_TOKEN',
        'Lat leinkjuna í innbjóðingini upp fyri at taka ímóti henni.',
      ),
    });
    const { user } = open();
    const card = await screen.findByTestId('received-invitation');
    await user.click(within(card).getByRole('button', { name: 'Tak ímóti' }));
    expect((await within(card).findByTestId('invitation-error')).textContent).toBe(
      'Lat leinkjuna í innbjóðingini upp fyri at taka ímóti henni.',
    );
  });

  it('lets a new user verify the address with a code on the card, and accepts with the same press', async () => {
    const newcomer = { ...testUser, emailVerified: false };
    useSession.setState({ status: 'signedIn', token: 't', user: newcomer });
    const sent = mockApi({
      'GET /user/installations': { body: { items: [] } },
      'GET /installation-invitations': { body: { items: [receivedInvitation()] } },
      'POST /user/request-update-email': { status: 204 },
      'POST /user/update-email': { body: { ...newcomer, emailVerified: true } },
      [`POST /installation-invitations/${INVITATION_ID}/accept`]: {
        body: receivedInvitation({ state: 'accepted' }),
      },
    });
    const { user } = open();
    const card = await screen.findByTestId('received-invitation');
    // No button that the server would refuse.
    expect(within(card).queryByRole('button', { name: 'Tak ímóti' })).toBeNull();
    expect(within(card).getByTestId('invitation-verify').textContent).toContain(
      `Fyri at taka ímóti skalt tú fyrst vátta, at ${newcomer.email} er tín.`,
    );
    await user.click(within(card).getByRole('button', { name: 'Send kotu' }));
    const code = await within(card).findByLabelText('Kota');
    await user.click(within(card).getByRole('button', { name: 'Vátta og tak ímóti' }));
    expect(within(card).getByText('Skriva kotuna úr teldubrævinum.')).toBeTruthy();
    await user.type(code, '1234');
    await user.click(within(card).getByRole('button', { name: 'Vátta og tak ímóti' }));
    await waitFor(() =>
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain(
        `POST /installation-invitations/${INVITATION_ID}/accept`,
      ),
    );
    expect(sent.find((r) => r.path === '/user/request-update-email')?.body).toEqual({
      email: newcomer.email,
    });
    expect(sent.find((r) => r.path === '/user/update-email')?.body).toEqual({
      email: newcomer.email,
      token: '1234',
    });
    expect(useSession.getState().user?.emailVerified).toBe(true);
  });

  it('declines an invitation', async () => {
    const sent = mockApi({
      'GET /user/installations': { body: { items: [ownInstallation()] } },
      'GET /installation-invitations': { body: { items: [receivedInvitation()] } },
      [`POST /installation-invitations/${INVITATION_ID}/decline`]: {
        body: receivedInvitation({ state: 'declined' }),
      },
    });
    const { user } = open();
    const card = await screen.findByTestId('received-invitation');
    await user.click(within(card).getByRole('button', { name: 'Avvís' }));
    await waitFor(() => expect(toasts('info')).toEqual(['Innbjóðingin til Garðurin er avvíst.']));
    expect(sent.some((r) => r.path === `/installation-invitations/${INVITATION_ID}/decline`)).toBe(
      true,
    );
  });

  it('says when the link’s invitation is not on this account, and lets the note go', async () => {
    mockApi({
      'GET /user/installations': { body: { items: [ownInstallation()] } },
      'GET /installation-invitations': { body: { items: [] } },
    });
    const { user, router } = open('?invitation=someone-elses&token=t');
    const note = await screen.findByTestId('linked-invitation-note');
    expect(note.textContent).toContain('Vit funnu ikki hesa innbjóðingina á tínari kontu.');
    await user.click(within(note).getByRole('button', { name: 'Lat aftur' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('linked-invitation-note')).toBeNull();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /user/installations': () => new Promise((resolve) => (answer = resolve)),
      'GET /installation-invitations': { body: { items: [] } },
    });
    open();
    expect(await screen.findByRole('status', { name: 'Heintar ladistøðir…' })).toBeTruthy();
    answer({ body: { items: [] } });
    const empty = await screen.findByTestId('my-installations-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('Ongar ladistøðir enn');
  });

  it('says the §8 text when the list cannot be read, and tries again', async () => {
    let fail = true;
    const sent = mockApi({
      'GET /user/installations': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Okkurt gekk galið')
          : { body: { items: [ownInstallation()] } },
      'GET /installation-invitations': { body: { items: [] } },
    });
    const { user } = open();
    expect(
      await screen.findByRole('heading', {
        name: 'Tað eydnaðist ikki at heinta ladingar, støðir ella ladistøðir.',
      }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Royn aftur' }));
    await screen.findByTestId('my-installation');
    expect(sent.filter((r) => r.path === '/user/installations')).toHaveLength(2);
  });
});
