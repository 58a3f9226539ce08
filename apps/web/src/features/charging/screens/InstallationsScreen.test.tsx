// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testInstallation } from '../../../lib/charge-fixtures.ts';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { resetRealtime } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { InstallationsScreen } from './InstallationsScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

const own = testInstallation({
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Heima',
  public: false,
  ownerId: 'u-1',
  access: 'own',
  connectorsFree: 2,
  connectorsTotal: 2,
  tariff: { type: 'kWh', price: 0 },
});
const perMinute = testInstallation({
  id: '66666666-7777-4888-8999-000000000000',
  name: 'Ladistøð Klaksvík',
  connectorsFree: 0,
  connectorsTotal: 2,
  tariff: { type: 'min', price: 250 },
});

const open = () =>
  renderWithApp(<InstallationsScreen />, {
    path: paths.chargingInstallations,
    url: paths.chargingInstallations,
  });

beforeAll(() => setUpTexts(['charging']));
beforeEach(() => resetRealtime());

describe('InstallationsScreen', () => {
  it('lists each installation with whose it is, its free connectors and its price', async () => {
    mockApi({
      'GET /installations': { body: { items: [own, testInstallation(), perMinute] } },
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    const list = await screen.findByRole('list', { name: 'Ladistøðir' });
    const rows = within(list).getAllByTestId('installation-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('installations-count').textContent).toBe('3 ladistøðir');

    expect(rows[0]?.textContent).toContain('Heima');
    expect(within(rows[0]!).getByTestId('installation-access').textContent).toBe('Tín egna');
    expect(within(rows[0]!).getByTestId('installation-free').textContent).toBe('2 av 2 leysir');
    expect(within(rows[0]!).getByTestId('installation-price').textContent).toBe('Ókeypis');

    expect(within(rows[1]!).getByTestId('installation-access').textContent).toBe('Almenn');
    expect(within(rows[1]!).getByTestId('installation-free').textContent).toBe('1 av 4 leysir');
    expect(within(rows[1]!).getByTestId('installation-price').textContent).toBe('3,50 kr./kWh');
    expect(rows[1]?.getAttribute('href')).toBe(paths.chargingInstallation(testInstallation().id));

    expect(within(rows[2]!).getByTestId('installation-price').textContent).toBe('2,50 kr./min');

    // The user's own installation is also managed under "My charging stations".
    const manage = screen.getAllByTestId('installation-manage');
    expect(manage).toHaveLength(1);
    expect(manage[0]?.getAttribute('href')).toBe(paths.installation(own.id));
    expect(manage[0]?.getAttribute('aria-label')).toBe('Stýr Heima');
    expect(screen.getByRole('link', { name: 'Mínar ladistøðir' }).getAttribute('href')).toBe(
      paths.installations,
    );
  });

  it('leaves only the installations free now at a press, and says when none is', async () => {
    mockApi({
      'GET /installations': { body: { items: [testInstallation(), perMinute] } },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Ladistøðir' });
    const freeOnly = screen.getByRole('button', { name: 'Leys nú' });
    expect(freeOnly.getAttribute('aria-pressed')).toBe('false');
    await user.click(freeOnly);
    expect(freeOnly.getAttribute('aria-pressed')).toBe('true');
    expect(
      within(list)
        .getAllByTestId('installation-name')
        .map((n) => n.textContent),
    ).toEqual(['Ladistøð Tórshavn']);
    expect(screen.getByTestId('installations-count').textContent).toBe('1 ladistøð');
  });

  it('stars an installation: it moves up under the own, and stays starred on the device', async () => {
    mockApi({
      'GET /installations': { body: { items: [testInstallation(), perMinute] } },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Ladistøðir' });
    const names = () =>
      within(list)
        .getAllByTestId('installation-name')
        .map((n) => n.textContent);
    expect(names()).toEqual(['Ladistøð Tórshavn', 'Ladistøð Klaksvík']);
    const star = screen.getByRole('button', { name: 'Yndisladistøð: Ladistøð Klaksvík' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await user.click(star);
    expect(names()).toEqual(['Ladistøð Klaksvík', 'Ladistøð Tórshavn']);
    expect(
      screen
        .getByRole('button', { name: 'Yndisladistøð: Ladistøð Klaksvík' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(JSON.parse(localStorage.getItem('charging_favourites') ?? '[]')).toEqual([perMinute.id]);
    await user.click(screen.getByRole('button', { name: 'Yndisladistøð: Ladistøð Klaksvík' }));
    expect(names()).toEqual(['Ladistøð Tórshavn', 'Ladistøð Klaksvík']);
  });

  it('says no installation is free now, and shows them all again', async () => {
    mockApi({
      'GET /installations': { body: { items: [perMinute] } },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Leys nú' }));
    const empty = await screen.findByTestId('installations-empty');
    expect(empty.textContent).toContain('Ongin ladari er leysur júst nú');
    await user.click(within(empty).getByRole('button', { name: 'Vís allar' }));
    expect(await screen.findAllByTestId('installation-row')).toHaveLength(1);
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /installations': () => new Promise((resolve) => (answer = resolve)),
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    expect(await screen.findByRole('status', { name: 'Heintar ladistøðir…' })).toBeTruthy();
    answer({ body: { items: [] } });
    const empty = await screen.findByTestId('installations-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('Ongar ladistøðir');
  });

  it('says the §8 text when the list cannot be read, and tries again', async () => {
    let fail = true;
    const sent = mockApi({
      'GET /installations': () =>
        fail ? apiError(500, 'INTERNAL', 'Okkurt gekk galið') : { body: { items: [own] } },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user } = open();
    expect(
      await screen.findByRole('heading', {
        name: 'Tað eydnaðist ikki at heinta ladingar, støðir ella ladistøðir.',
      }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Royn aftur' }));
    await screen.findByTestId('installation-row');
    expect(sent.filter((r) => r.path === '/installations')).toHaveLength(2);
  });

  it('switches to the map and back to the list', async () => {
    mockApi({
      'GET /installations': { body: { items: [testInstallation()] } },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user } = open();
    await screen.findByTestId('installation-row');
    const mapButton = screen.getByRole('button', { name: 'Kort' });
    await user.click(mapButton);
    expect(mapButton.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.queryByTestId('installation-list')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Listi' }));
    expect(await screen.findByTestId('installation-list')).toBeTruthy();
  });
});
