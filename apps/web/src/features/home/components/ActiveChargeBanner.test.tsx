// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INSTALLATION_ID, testCharge } from '../../../lib/charge-fixtures.ts';
import { paths } from '../../../lib/paths.ts';
import { mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import { HomeScreen } from '../screens/HomeScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

function api(charge: unknown) {
  return mockApi({
    'GET /transactions/active': { body: { transaction: null } },
    'GET /charges/active': { body: { charge } },
    'GET /payment-methods': { body: { items: [], agreement: null } },
  });
}

beforeAll(() => setUpTexts());

describe('home with a charge', () => {
  it('shows a charge in progress as a banner that leads back to it', async () => {
    api(testCharge({ state: 'charging', label: 'charging', connectorId: 2 }));
    renderWithApp(<HomeScreen />, { path: paths.home });
    const banner = await screen.findByTestId('active-charge-banner');
    expect(banner.getAttribute('href')).toBe(paths.chargingCharge(INSTALLATION_ID));
    expect(banner.textContent).toContain('Lading í gongd');
    expect(banner.textContent).toContain('Tengil 2 · Ladistøð Tórshavn');
  });

  it('names the step a charge waits at', async () => {
    api(testCharge({ state: 'waiting', label: 'plug' }));
    renderWithApp(<HomeScreen />, { path: paths.home });
    expect((await screen.findByTestId('active-charge-banner')).textContent).toContain(
      'Set ladaran í bilin',
    );
  });

  it('shows no banner when no charge runs', async () => {
    const sent = api(null);
    renderWithApp(<HomeScreen />, { path: paths.home });
    await waitFor(() => expect(sent.some((r) => r.path === '/charges/active')).toBe(true));
    expect(screen.queryByTestId('active-charge-banner')).toBeNull();
  });

  it('opens an installation link as home and then the installation', async () => {
    api(null);
    const { router } = renderWithApp(<HomeScreen />, {
      path: paths.chargingDeepLink.pattern,
      url: paths.chargingDeepLink(INSTALLATION_ID),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.chargingInstallation(INSTALLATION_ID)),
    );
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe(paths.home);
  });

  it('stays on home for a link that names no installation', async () => {
    api(null);
    const { router } = renderWithApp(<HomeScreen />, {
      path: paths.chargingDeepLink.pattern,
      url: paths.chargingDeepLink('not an id'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
  });
});
