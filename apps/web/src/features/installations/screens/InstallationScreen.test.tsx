// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts, toasts, within } from '../../../test/render.tsx';
import {
  earnings,
  installationUser,
  OWN_ID,
  ownInstallation,
  SHARE_ID,
  SHARED_ID,
  sharedInstallation,
} from '../test-fixtures.ts';
import { InstallationScreen } from './InstallationScreen.tsx';

const saved = vi.hoisted(() => [] as { name: string; type: string }[]);
vi.mock('../../../platform/files.ts', () => ({
  saveOrShareFile: (file: { name: string; type: string }) => {
    saved.push({ name: file.name, type: file.type });
    return Promise.resolve();
  },
}));

const open = (id: string) =>
  renderWithApp(<InstallationScreen />, {
    path: paths.installation.pattern,
    url: paths.installation(id),
  });

beforeAll(() => setUpTexts(['installations', 'charging']));
afterEach(() => {
  vi.useRealTimers();
  saved.length = 0;
});

function ownerApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /user/installations/${OWN_ID}`]: { body: ownInstallation() },
    [`GET /installations/${OWN_ID}/users`]: { body: { items: [installationUser()] } },
    [`GET /installations/${OWN_ID}/earnings?month=2026-03`]: { body: earnings() },
    [`GET /installations/${OWN_ID}/earnings?month=2026-02`]: {
      body: earnings({
        month: '2026-02',
        total: 0,
        publicCredit: 0,
        sharedCredit: 0,
        publicEnergyWh: 0,
        sharedEnergyWh: 0,
        charges: 0,
        payouts: [
          {
            id: 'p-1',
            month: '2026-02',
            amount: 0,
            state: 'scheduled',
            createdAt: '2026-03-01T00:00:00.000Z',
            paidAt: null,
          },
        ],
      }),
    },
    ...extra,
  });
}

describe('InstallationScreen, the owner', () => {
  it('shows the chargers’ live state, the users with their limits and the links', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T12:00:00Z') });
    ownerApi();
    open(OWN_ID);
    expect((await screen.findByTestId('my-installation-heading')).textContent).toContain('Heima');
    const connectors = screen.getAllByTestId('connector-status');
    expect(connectors.map((c) => c.getAttribute('data-status'))).toEqual([
      'Available',
      'Charging',
      'Faulted',
      'Unavailable',
    ]);
    expect(connectors[1]?.textContent).toContain('Ladar');
    expect(connectors[1]?.textContent).toContain('11,0 kW');

    const user = await screen.findByTestId('installation-user');
    expect(user.getAttribute('href')).toBe(
      paths.installationShareUser(OWN_ID, installationUser().userId),
    );
    expect(within(user).getByTestId('installation-user-limits').textContent).toBe(
      '4,50 kWh brúkt henda mánaðin · Ókeypis',
    );
    expect(screen.getByRole('link', { name: 'Deil við ein annan' }).getAttribute('href')).toBe(
      paths.installationShare(OWN_ID),
    );
    expect(screen.getByRole('link', { name: /^Ladingar/ }).getAttribute('href')).toBe(
      paths.installationCharges(OWN_ID),
    );
    expect(screen.getByRole('link', { name: 'Lada her' }).getAttribute('href')).toBe(
      paths.chargingInstallation(OWN_ID),
    );
    expect(screen.queryByTestId('shared-access')).toBeNull();
  });

  it('opens the installation to the public, and says so', async () => {
    const sent = ownerApi({
      [`PATCH /installations/${OWN_ID}/toggle-public`]: {
        body: ownInstallation({ public: true }),
      },
    });
    const { user } = open(OWN_ID);
    const publicChoice = await screen.findByRole('radio', { name: /^Almenn/ });
    expect(publicChoice.getAttribute('aria-checked')).toBe('false');
    expect(publicChoice.textContent).toContain('Tú fært 0,20 kr. fyri hvønn kWh');
    await user.click(publicChoice);
    await waitFor(() => expect(toasts('success')).toEqual(['Heima er nú almenn.']));
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /^Almenn/ }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(screen.getByTestId('installation-public').textContent).toBe('Almenn');
  });

  it('shows this month’s earnings, the month before, and downloads the statement', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T12:00:00Z') });
    const sent = ownerApi({
      [`GET /installations/${OWN_ID}/earnings/statement?month=2026-02`]: { body: 'pdf' },
    });
    const { user } = open(OWN_ID);
    expect((await screen.findByTestId('earnings-month')).textContent).toBe('mars 2026');
    expect((await screen.findByTestId('earnings-total')).textContent).toBe('19,00 kr.');
    expect(screen.getByTestId('earnings-public-energy').textContent).toBe('20,00 kWh');
    expect(screen.getByTestId('earnings-public-credit').textContent).toBe('4,00 kr.');
    expect(screen.getByTestId('earnings-shared-credit').textContent).toBe('15,00 kr.');
    const next = screen.getByRole('button', { name: 'Næsti mánaður' });
    expect((next as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undanfarni mánaður' }));
    await waitFor(() =>
      expect(screen.getByTestId('earnings-month').textContent).toBe('februar 2026'),
    );
    await waitFor(() => expect(screen.getByTestId('earnings-total').textContent).toBe('0,00 kr.'));
    expect(screen.getByTestId('earnings-payouts').textContent).toContain(
      'februar 2026: verður útgoldið',
    );

    await user.click(screen.getByRole('button', { name: 'Heinta inntøkuyvirlit (PDF)' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'inntokur-2026-02.pdf', type: 'application/pdf' }]),
    );
    const pdf = sent.find((r) => r.path.includes('/statement'));
    expect(pdf?.headers.Accept).toBe('application/pdf');
  });
});

describe('InstallationScreen, a shared user', () => {
  it('shows the owner and the user’s limits, and asks no owner-only question', async () => {
    const sent = mockApi({
      [`GET /user/installations/${SHARED_ID}`]: { body: sharedInstallation() },
    });
    open(SHARED_ID);
    const limits = await screen.findByTestId('shared-limits');
    expect(within(limits).getByTestId('shared-owner').textContent).toBe('Sigrid Poulsen');
    expect(within(limits).getByTestId('shared-used').textContent).toBe('12,35 kWh');
    expect(within(limits).getByTestId('shared-cap').textContent).toBe('150 kWh');
    expect(within(limits).getByTestId('shared-price').textContent).toBe('1,50 kr./kWh');
    expect(within(limits).getByTestId('shared-ends').textContent).toBe('30.12.2026');
    expect(screen.queryByTestId('earnings')).toBeNull();
    expect(screen.queryByTestId('installation-users')).toBeNull();
    expect(sent.every((r) => r.path === `/user/installations/${SHARED_ID}`)).toBe(true);
    // Leaving is the user's own choice, offered with the share the answer names.
    expect(screen.getByTestId('leave-installation')).toBeTruthy();
  });

  it('says why a start would be refused', async () => {
    mockApi({
      [`GET /user/installations/${SHARED_ID}`]: {
        body: sharedInstallation({
          limits: { ...sharedInstallation().limits!, usedThisMonthWh: 150_000, refusal: 'cap' },
        }),
      },
    });
    open(SHARED_ID);
    expect((await screen.findByTestId('shared-refusal')).textContent).toBe(
      'Tú hevur brúkt tær kWh, sum tú hevur loyvi til henda mánaðin.',
    );
  });

  it('leaves after a confirmation when the share is named', async () => {
    const sent = mockApi({
      [`GET /user/installations/${SHARED_ID}`]: {
        body: { ...sharedInstallation(), shareId: SHARE_ID },
      },
      [`DELETE /installations/users/${SHARE_ID}`]: { status: 204 },
    });
    const { user, router } = open(SHARED_ID);
    await user.click(await screen.findByRole('button', { name: 'Far frá ladistøðini' }));
    const modal = await screen.findByTestId('leave-modal');
    expect(modal.textContent).toContain('Fara frá Heima hjá Sigrid?');
    await user.click(within(modal).getByRole('button', { name: 'Angra' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Far frá ladistøðini' }));
    await user.click(
      within(await screen.findByTestId('leave-modal')).getByRole('button', { name: 'Far frá' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.installations));
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(toasts('success')).toEqual(['Tú hevur ikki atgongd til Heima hjá Sigrid longur.']);
  });

  it('says the installation is not found when it is not the user’s', async () => {
    mockApi({});
    open(SHARED_ID);
    expect(await screen.findByRole('heading', { name: 'Ladistøðin finst ikki' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Til mínar ladistøðir' }).getAttribute('href')).toBe(
      paths.installations,
    );
  });
});
