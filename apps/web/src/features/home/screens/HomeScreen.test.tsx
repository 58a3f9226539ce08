// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { mockApi } from '../../../test/api.ts';
import { testUser } from '../../../test/fixtures.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import { fuelTransaction, testMethods, washTransaction } from '../../../test/station-fixtures.ts';
import { HomeScreen } from './HomeScreen.tsx';

function api(transaction: unknown) {
  return mockApi({
    'GET /transactions/active': { body: { transaction } },
    'GET /payment-methods': { body: testMethods },
  });
}

beforeAll(() => setUpTexts());

describe('HomeScreen', () => {
  it('shows a refuelling in progress as a banner that leads back to it', async () => {
    useSession.setState({ status: 'signedIn', token: 't', user: testUser });
    api(fuelTransaction({ state: 'fuelling', label: 'inProgress' }));
    renderWithApp(<HomeScreen />, { path: paths.home });
    const banner = await screen.findByTestId('active-transaction-banner');
    expect(banner.getAttribute('href')).toBe(paths.fuelFill(1));
    expect(banner.textContent).toContain('Tanking í gongd');
    expect(banner.textContent).toContain('Pumpa 3 · Støð Tórshavn Miðbýur');
  });

  it('shows a wash in progress', async () => {
    api(washTransaction({ state: 'countdown', label: 'countdown' }));
    renderWithApp(<HomeScreen />, { path: paths.home });
    const banner = await screen.findByTestId('active-transaction-banner');
    expect(banner.getAttribute('href')).toBe(paths.carwashWash(1));
    expect(banner.textContent).toContain('Vaskur í gongd');
  });

  it('shows no banner when nothing runs', async () => {
    const sent = api(null);
    renderWithApp(<HomeScreen />, { path: paths.home });
    await waitFor(() => expect(sent.some((r) => r.path === '/transactions/active')).toBe(true));
    expect(screen.queryByTestId('active-transaction-banner')).toBeNull();
  });

  it('opens a pump QR code as home and then the fuel screen with the pump chosen', async () => {
    api(null);
    const { router } = renderWithApp(<HomeScreen />, {
      path: paths.fuelDeepLink.pattern,
      url: paths.fuelDeepLink(1, 3),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelType(1)));
    expect(router.state.location.search).toBe('?pump=3');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe(paths.home);
  });
});
