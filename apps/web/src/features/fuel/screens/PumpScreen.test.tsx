// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { mockApi } from '../../../test/api.ts';
import { renderWithApp, screen, setUpTexts } from '../../../test/render.tsx';
import {
  fuelTransaction,
  noFuelMethods,
  testMethods,
  testStation,
  washTransaction,
} from '../../../test/station-fixtures.ts';
import { PumpScreen } from './PumpScreen.tsx';

const pumps = {
  items: [
    { number: 1, state: 'free' },
    { number: 2, state: 'busy' },
    { number: 3, state: 'free' },
    { number: 4, state: 'unavailable' },
  ],
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /stations/stod/1': { body: testStation },
    'GET /fuel/stations/1/pumps': { body: pumps },
    'GET /payment-methods': { body: testMethods },
    'GET /transactions/active': { body: { transaction: null } },
    ...extra,
  });
}

const open = () =>
  renderWithApp(<PumpScreen />, { path: paths.fuelStation.pattern, url: paths.fuelStation(1) });

beforeAll(() => setUpTexts(['fuel']));
afterEach(() => {
  vi.useRealTimers();
});

describe('PumpScreen', () => {
  it('shows every pump with its state and a legend, named for screen readers', async () => {
    api();
    open();
    expect(await screen.findByRole('button', { name: 'Pumpa 1, Leys' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pumpa 2, Upptikin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pumpa 4, Ikki tøk' })).toBeTruthy();
    expect(screen.getByText(testStation.name)).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Støðan á pumpunum' });
    expect(legend.textContent).toBe('LeysUpptikinIkki tøk');
  });

  it('says nothing of a stopped wash, beside which a fill may start', async () => {
    api({
      'GET /transactions/active': {
        body: { transaction: washTransaction({ state: 'stopped', label: 'stopped' }) },
      },
    });
    open();
    expect(await screen.findByRole('button', { name: 'Pumpa 1, Leys' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('fuel-active-notice')).toBeNull());
  });

  it('shows the way to a fill that runs', async () => {
    api({
      'GET /transactions/active': {
        body: { transaction: fuelTransaction({ state: 'fuelling', label: 'inProgress' }) },
      },
    });
    open();
    const notice = await screen.findByTestId('fuel-active-notice');
    expect(notice.textContent).toContain('Tú hevur longu eina tanking ella ein vask í gongd.');
  });

  it('goes on to the fuel choice with the free pump chosen', async () => {
    api();
    const { router, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Pumpa 3, Leys' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelType(1)));
    expect(router.state.location.search).toBe('?pump=3');
  });

  it('does not choose a busy or unavailable pump', async () => {
    api();
    const { router, user } = open();
    const busy = await screen.findByRole('button', { name: 'Pumpa 2, Upptikin' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    await user.click(screen.getByRole('button', { name: 'Pumpa 4, Ikki tøk' }));
    expect(router.state.location.pathname).toBe(paths.fuelStation(1));
  });

  it('asks for the pumps again every 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answer = pumps;
    const sent = api({ 'GET /fuel/stations/1/pumps': () => ({ body: answer }) });
    open();
    expect(await screen.findByRole('button', { name: 'Pumpa 3, Leys' })).toBeTruthy();
    answer = { items: pumps.items.map((p) => (p.number === 3 ? { ...p, state: 'busy' } : p)) };
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(await screen.findByRole('button', { name: 'Pumpa 3, Upptikin' })).toBeTruthy();
    expect(sent.filter((r) => r.path === '/fuel/stations/1/pumps')).toHaveLength(2);
  });

  it('sends a user without a card that may buy fuel to the no-payment screen', async () => {
    api({ 'GET /payment-methods': { body: noFuelMethods } });
    const { router } = open();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fuelNoPayment));
  });

  it('says so when the station does not exist', async () => {
    api({
      'GET /stations/stod/1': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
      },
    });
    open();
    expect(await screen.findByText('Støðin finst ikki')).toBeTruthy();
  });
});
