// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHARGER_ID,
  INSTALLATION_ID,
  testCharge,
  testInstallation,
} from '../../../lib/charge-fixtures.ts';
import { paths } from '../../../lib/paths.ts';
import { apiError, mockApi } from '../../../test/api.ts';
import { resetRealtime } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { INSTALLATION_POLL_MS } from '../api/get-installation.ts';
import { InstallationScreen } from './InstallationScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

const open = () =>
  renderWithApp(<InstallationScreen />, {
    path: paths.chargingInstallation.pattern,
    url: paths.chargingInstallation(INSTALLATION_ID),
  });

const connector = (charger: number, id: number) => {
  const chargers = screen.getAllByTestId('charger');
  const tile = within(chargers[charger - 1]!)
    .getAllByTestId('connector')
    .find((c) => c.getAttribute('data-connector-id') === String(id));
  if (!tile) throw new Error(`no connector ${String(id)} on charger ${String(charger)}`);
  return tile;
};

beforeAll(() => setUpTexts(['charging']));
beforeEach(() => resetRealtime());
afterEach(() => vi.useRealTimers());

describe('InstallationScreen', () => {
  it('shows each charger with its kind, power, price and connectors with their status', async () => {
    mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: { body: testInstallation() },
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    expect(
      await screen.findByRole('heading', { name: 'Ladistøð Tórshavn', level: 2 }),
    ).toBeTruthy();
    const chargers = screen.getAllByTestId('charger');
    expect(chargers).toHaveLength(2);
    expect(within(chargers[0]!).getByTestId('charger-kind').textContent).toBe('AC');
    expect(chargers[0]?.textContent).toContain('Upp til 22 kW');
    expect(within(chargers[0]!).getByTestId('charger-price').textContent).toBe('3,50 kr./kWh');
    expect(within(chargers[1]!).getByTestId('charger-kind').textContent).toBe('DC');
    expect(chargers[1]?.textContent).toContain('Upp til 150 kW');
    expect(within(chargers[1]!).getByTestId('charger-price').textContent).toBe('2,00 kr./min');

    expect(connector(1, 1).getAttribute('aria-label')).toBe('Tengil 1 á ladara 1, Leysur');
    expect(connector(1, 2).getAttribute('aria-label')).toBe('Tengil 2 á ladara 1, Ladar');
    expect(connector(1, 2).textContent).toContain('11,0 kW');
    expect(connector(2, 1).getAttribute('aria-label')).toBe('Tengil 1 á ladara 2, Hevur feil');
    expect(connector(2, 2).getAttribute('aria-label')).toBe('Tengil 2 á ladara 2, Ikki tøkur');
    for (const busy of [connector(1, 2), connector(2, 1), connector(2, 2)]) {
      expect(busy.getAttribute('aria-disabled')).toBe('true');
    }
    expect(connector(1, 1).getAttribute('aria-disabled')).toBeNull();
  });

  it('goes on to the charge screen with a free connector chosen, and not with another', async () => {
    mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: { body: testInstallation() },
      'GET /charges/active': { body: { charge: null } },
    });
    const { user, router } = open();
    await screen.findAllByTestId('charger');
    await user.click(connector(2, 1));
    expect(router.state.location.pathname).toBe(paths.chargingInstallation(INSTALLATION_ID));
    await user.click(connector(1, 1));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.chargingCharge(INSTALLATION_ID)),
    );
    expect(router.state.location.search).toBe(`?charger=${CHARGER_ID}&connector=1`);
  });

  it('shows an offline charger’s connectors as offline', async () => {
    const view = testInstallation();
    view.chargers[0] = { ...view.chargers[0]!, online: false };
    mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: { body: view },
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    await screen.findAllByTestId('charger');
    expect(connector(1, 1).getAttribute('aria-label')).toBe('Tengil 1 á ladara 1, Ikki í sambandi');
    expect(connector(1, 1).getAttribute('aria-disabled')).toBe('true');
  });

  it('reads the connectors again every few seconds while shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    let view = testInstallation();
    const sent = mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: () => ({ body: view }),
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    await vi.waitFor(() => expect(screen.getAllByTestId('charger')).toHaveLength(2));
    expect(connector(2, 1).getAttribute('data-status')).toBe('Faulted');
    view = testInstallation();
    view.chargers[1]!.connectors[0] = {
      connectorId: 1,
      status: 'Available',
      errorCode: null,
      powerKw: null,
    };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INSTALLATION_POLL_MS);
    });
    await vi.waitFor(() => expect(connector(2, 1).getAttribute('data-status')).toBe('Available'));
    const reads = sent.filter((r) => r.path === `/installations/${INSTALLATION_ID}`).length;
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('says when the installation does not exist, with the way back to the list', async () => {
    mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: apiError(404, 'NOT_FOUND', 'Finst ikki'),
      'GET /charges/active': { body: { charge: null } },
    });
    open();
    const error = await screen.findByTestId('installation-error');
    expect(within(error).getByRole('heading').textContent).toBe('Ladistøðin finst ikki');
    expect(within(error).getByRole('link').getAttribute('href')).toBe(paths.chargingInstallations);
  });

  it('shows the way to a charge that runs', async () => {
    mockApi({
      [`GET /installations/${INSTALLATION_ID}`]: { body: testInstallation() },
      'GET /charges/active': {
        body: { charge: testCharge({ state: 'charging', label: 'charging' }) },
      },
    });
    open();
    const notice = await screen.findByTestId('charging-active-notice');
    expect(notice.textContent).toContain('Bara ein bilur kann ladast í senn.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe(
      paths.chargingCharge(INSTALLATION_ID),
    );
  });
});
