// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { testUser } from '../../../test/fixtures.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import {
  GUEST_ID,
  installationCharge,
  OWN_ID,
  ownInstallation,
  SHARED_ID,
  sharedInstallation,
} from '../test-fixtures.ts';
import { InstallationChargesScreen } from './InstallationChargesScreen.tsx';

const open = (id = OWN_ID) =>
  renderWithApp(<InstallationChargesScreen />, {
    path: paths.installationCharges.pattern,
    url: paths.installationCharges(id),
  });

const page = (id: string, userId: string, offset: number) =>
  `GET /installations/${id}/users/${userId}/charges?offset=${String(offset)}&take=10`;

beforeAll(() => setUpTexts(['installations', 'charging']));
beforeEach(() => useSession.setState({ status: 'signedIn', token: 't', user: testUser }));
afterEach(() => useSession.setState({ status: 'guest', token: null, user: null }));

describe('InstallationChargesScreen', () => {
  it('lists everyone’s charges for the owner, newest first, and loads more', async () => {
    const all = Array.from({ length: 12 }, (_, n) =>
      installationCharge(n, n === 0 ? { finishedAt: null, state: 'charging' } : {}),
    );
    const sent = mockApi({
      [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
      [page(OWN_ID, testUser.id, 0)]: { body: { items: all.slice(0, 10), total: 12 } },
      [page(OWN_ID, testUser.id, 10)]: { body: { items: all.slice(10), total: 12 } },
    });
    const { user } = open();
    const list = await screen.findByTestId('installation-charge-list');
    let rows = within(list).getAllByTestId('installation-charge');
    expect(rows).toHaveLength(10);
    expect(screen.getByTestId('charges-shown').textContent).toBe('10 av 12 ladingum');
    expect(within(rows[0]!).getByText('Í gongd')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('charge-user').textContent).toBe('Rógvi Poulsen');
    expect(within(rows[1]!).getByTestId('charge-kwh').textContent).toBe('10,00 kWh');
    expect(within(rows[1]!).getByTestId('charge-amount').textContent).toBe('Upphædd: 15,00 kr.');
    expect(within(rows[1]!).getByTestId('charge-credit').textContent).toBe(
      'Tín inntøka: +15,00 kr.',
    );
    expect(rows[1]?.textContent).toContain('20.03.2026 kl. 11:00');

    await user.click(screen.getByRole('button', { name: 'Vís fleiri' }));
    await waitFor(() =>
      expect(within(list).getAllByTestId('installation-charge')).toHaveLength(12),
    );
    rows = within(list).getAllByTestId('installation-charge');
    expect(screen.getByTestId('charges-shown').textContent).toBe('12 av 12 ladingum');
    expect(screen.queryByRole('button', { name: 'Vís fleiri' })).toBeNull();
    // The first charge of the new page takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(rows[10]));
    expect(sent.filter((r) => r.path.includes('/charges')).map((r) => r.path)).toEqual([
      page(OWN_ID, testUser.id, 0).slice(4),
      page(OWN_ID, testUser.id, 10).slice(4),
    ]);
  });

  it('shows a shared user their own charges, without who or what the owner earned', async () => {
    mockApi({
      [`GET /user/installations/${SHARED_ID}`]: { body: sharedInstallation() },
      [page(SHARED_ID, testUser.id, 0)]: {
        body: { items: [installationCharge(1, { userId: testUser.id, ownerCredit: 0 })], total: 1 },
      },
    });
    open(SHARED_ID);
    const row = await screen.findByTestId('installation-charge');
    expect(within(row).queryByTestId('charge-user')).toBeNull();
    expect(within(row).queryByTestId('charge-credit')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vís fleiri' })).toBeNull();
  });

  it('says when there are none yet', async () => {
    mockApi({
      [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
      [page(OWN_ID, testUser.id, 0)]: { body: { items: [], total: 0 } },
    });
    open();
    const empty = await screen.findByTestId('installation-charges-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('Ongar ladingar enn');
  });

  it('says the §8 text when the charges cannot be read, and tries again', async () => {
    let fail = true;
    mockApi({
      [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
      [page(OWN_ID, testUser.id, 0)]: () =>
        fail
          ? apiError(500, 'INTERNAL', 'Okkurt gekk galið')
          : { body: { items: [installationCharge(1)], total: 1 } },
    });
    const { user } = open();
    expect(
      await screen.findByRole('heading', {
        name: 'Tað eydnaðist ikki at heinta ladingar, støðir ella ladistøðir.',
      }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Royn aftur' }));
    expect(await screen.findByTestId('installation-charge')).toBeTruthy();
  });

  it('asks for no charges when nobody is signed in (spec §7)', async () => {
    useSession.setState({ status: 'guest', token: null, user: null });
    const sent = mockApi({
      [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
    });
    open();
    await screen.findByRole('status');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.some((r) => r.path.includes('/charges'))).toBe(false);
    expect(GUEST_ID).toBeTruthy();
  });
});
