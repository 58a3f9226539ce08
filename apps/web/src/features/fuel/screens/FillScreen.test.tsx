// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../../lib/app-state.ts';
import { paths } from '../../../lib/paths.ts';
import { mockApi, type Answer, type SentRequest } from '../../../test/api.ts';
import { emit, resetRealtime, setConnected } from '../../../test/realtime-mock.ts';
import { renderWithApp, screen, setUpTexts, within } from '../../../test/render.tsx';
import { fuelTransaction, testColors, TX_ID } from '../../../test/station-fixtures.ts';
import { FillScreen } from './FillScreen.tsx';

vi.mock('../../../lib/realtime.ts', () =>
  import('../../../test/realtime-mock.ts').then((m) => m.realtimeMock),
);

const NOW = new Date('2026-03-05T12:00:00.000Z');

function api(
  view: ReturnType<typeof fuelTransaction> | null,
  extra: Record<string, Answer | ((request: SentRequest) => Answer)> = {},
) {
  return mockApi({
    'GET /transactions/active': { body: { transaction: view } },
    [`GET /transactions/${TX_ID}`]: view ? { body: view } : { status: 404, body: null },
    'GET /stations/stod-product-colors': { body: testColors },
    ...extra,
  });
}

const open = () =>
  renderWithApp(<FillScreen />, { path: paths.fuelFill.pattern, url: paths.fuelFill(1) });

beforeAll(() => setUpTexts(['fuel']));
beforeEach(() => resetRealtime());
afterEach(() => {
  vi.useRealTimers();
  useAppState.setState({ transactionInProgress: false });
});

describe('FillScreen', () => {
  it('waits for the nozzle: the first step, zero so far, the hold and the time left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    api(fuelTransaction({ deadline: '2026-03-05T12:01:30.000Z' }));
    open();
    const steps = await screen.findByRole('list', { name: 'Gongdin í tankingini' });
    const current = steps.querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('Klárt at tanka');
    expect(screen.getByTestId('fuel-litres').textContent).toBe('0,00');
    expect(screen.getByTestId('fuel-amount').textContent).toBe('0,00 kr.');
    expect(screen.getByTestId('fuel-held-line').textContent).toBe('Fyrivarðað: 750,00 kr.');
    expect(screen.getByRole('heading', { name: 'Tak pumpuna niður' })).toBeTruthy();
    expect(screen.getByTestId('fuel-deadline').textContent).toBe('Tíð eftir: 1:30');
    expect(useAppState.getState().transactionInProgress).toBe(true);
  });

  it('shows the litres and kroner as the socket brings them, for this transaction only', async () => {
    api(fuelTransaction());
    open();
    await screen.findByTestId('fuel-nozzle');
    act(() => {
      emit(
        'stationTransaction.changed',
        TX_ID,
        fuelTransaction({
          state: 'fuelling',
          label: 'inProgress',
          litres: 12.351,
          amount: 14678,
          updatedAt: '2026-03-05T12:00:10.000Z',
        }),
      );
      emit(
        'stationTransaction.changed',
        'another-id',
        fuelTransaction({ state: 'fuelling', litres: 99, amount: 1 }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('fuel-litres').textContent).toBe('12,35'));
    expect(screen.getByTestId('fuel-amount').textContent).toBe('146,78 kr.');
    const steps = screen.getByRole('list', { name: 'Gongdin í tankingini' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Tanking í gongd');
    expect(screen.queryByTestId('fuel-nozzle')).toBeNull();
    // An older view arriving late does not take the screen back.
    await act(async () => {
      emit('stationTransaction.changed', TX_ID, fuelTransaction());
      await Promise.resolve();
    });
    expect(screen.getByTestId('fuel-litres').textContent).toBe('12,35');
  });

  it('asks every 2 seconds while the socket is away, and not while it is connected', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let view = fuelTransaction({ state: 'fuelling', label: 'inProgress', litres: 1, amount: 1189 });
    const sent = api(null, {
      'GET /transactions/active': () => ({ body: { transaction: view } }),
      [`GET /transactions/${TX_ID}`]: () => ({ body: view }),
    });
    open();
    await screen.findByTestId('fuel-readout');
    view = { ...view, litres: 2, amount: 2378, updatedAt: '2026-03-05T12:00:02.000Z' };
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('fuel-litres').textContent).toBe('2,00'));
    const polls = () => sent.filter((r) => r.path === `/transactions/${TX_ID}`).length;
    act(() => setConnected(true));
    await waitFor(() => expect(polls()).toBe(3));
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(polls()).toBe(3);
  });

  it('says the pump connection is lost while the refuelling may go on', async () => {
    api(fuelTransaction({ state: 'fuelling', label: 'inProgress', connectionLost: true }));
    open();
    expect((await screen.findByTestId('fuel-connection-lost')).textContent).toContain(
      'Pumpan er ikki tøk, er í ólagi, finst ikki, ella sambandið er mist.',
    );
  });

  it('cancels before the nozzle is lifted, after asking, and shows the hold released', async () => {
    const sent = api(fuelTransaction(), {
      [`POST /transactions/${TX_ID}/cancel`]: {
        body: fuelTransaction({
          state: 'cancelled',
          label: 'cancelled',
          released: 75000,
          finishedAt: '2026-03-05T12:00:30.000Z',
          updatedAt: '2026-03-05T12:00:30.000Z',
        }),
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Avlýs tankingina' }));
    const modal = await screen.findByTestId('fuel-cancel-modal');
    await user.click(within(modal).getByRole('button', { name: 'Avlýs' }));
    const ended = await screen.findByTestId('fuel-ended');
    expect(within(ended).getByRole('heading').textContent).toBe('Tankingin er avlýst');
    expect(ended.textContent).toContain('750,00 kr. eru loystar aftur');
    expect(sent.some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true);
    expect(window.localStorage.getItem('transaction_id')).toBeNull();
  });

  it('tells that the nozzle was not lifted in time', async () => {
    api(
      fuelTransaction({
        state: 'expired',
        label: 'cancelled',
        errorKey: 'error.nozzleTimeout',
        released: 75000,
        finishedAt: '2026-03-05T12:02:00.000Z',
      }),
    );
    open();
    expect((await screen.findByTestId('fuel-ended-reason')).textContent).toBe(
      'Tú tókst ikki pumpuna niður í tíð.',
    );
    expect(screen.getByTestId('fuel-again').getAttribute('href')).toBe(paths.fuelStation(1));
  });

  it('says a pump fault ended the fill: what came, what was charged and released, what to do', async () => {
    api(
      fuelTransaction({
        state: 'completed',
        label: 'complete',
        errorKey: 'error.pumpFault',
        litres: 0.081,
        amount: 96,
        captured: 96,
        released: 74_904,
        receiptId: 'r-78',
        finishedAt: '2026-03-05T12:05:00.000Z',
      }),
    );
    open();
    const fault = await screen.findByTestId('fuel-fault');
    expect(screen.queryByTestId('fuel-complete')).toBeNull();
    expect(within(fault).getByRole('heading').textContent).toBe('Feilur á pumpuni');
    expect(screen.getByTestId('fuel-fault-reason').textContent).toBe(
      'Pumpan steðgaði við einum feili, meðan tú tankaði.',
    );
    expect(fault.textContent).toContain(
      'Tú gjaldar bert fyri tey 0,081 l, ið komu (0,96 kr.), og hini 749,04 kr. eru loyst aftur á kortinum.',
    );
    expect(screen.getByTestId('fuel-again').getAttribute('href')).toBe(paths.fuelStation(1));
    expect(screen.getByTestId('fuel-receipt-link').getAttribute('href')).toBe(
      paths.receipt('r-78'),
    );
  });

  it('ends with the receipt in short: litres, price, held, charged, released and the link', async () => {
    api(
      fuelTransaction({
        state: 'completed',
        label: 'complete',
        litres: 32.5,
        amount: 38643,
        captured: 38643,
        released: 36357,
        receiptId: 'r-77',
        finishedAt: '2026-03-05T12:05:00.000Z',
      }),
    );
    open();
    const summary = await screen.findByTestId('fuel-summary');
    expect(screen.getByTestId('fuel-litres').textContent).toBe('32,50');
    expect(within(summary).getByTestId('fuel-held').textContent).toBe('750,00 kr.');
    expect(within(summary).getByTestId('fuel-captured').textContent).toBe('386,43 kr.');
    expect(within(summary).getByTestId('fuel-released').textContent).toBe('363,57 kr.');
    expect(summary.textContent).toContain('11,89 kr.');
    // The summary's litres to the millilitre: 32,500 × 11,89 is the 386,43 charged.
    expect(summary.textContent).toContain('Litrar32,500 l');
    expect(screen.getByTestId('fuel-receipt-link').getAttribute('href')).toBe(
      paths.receipt('r-77'),
    );
    expect(useAppState.getState().transactionInProgress).toBe(false);
  });

  it('finds the refuelling the device kept when the server does not list it', async () => {
    window.localStorage.setItem('transaction_id', TX_ID);
    window.localStorage.setItem(
      'fuel_data',
      JSON.stringify({ stationId: 1, fuelPump: 3, fuelProduct: 11 }),
    );
    api(null, {
      [`GET /transactions/${TX_ID}`]: {
        body: fuelTransaction({ state: 'settling', label: 'inProgress' }),
      },
    });
    open();
    expect((await screen.findByTestId('fuel-fill')).getAttribute('data-state')).toBe('settling');
  });

  it('follows the transaction the start names, and says so when there is none', async () => {
    api(null, { [`GET /transactions/${TX_ID}`]: { body: fuelTransaction() } });
    const { router } = open();
    expect(await screen.findByTestId('fuel-none')).toBeTruthy();
    expect(screen.getByText('Ongin tanking í gongd')).toBeTruthy();
    await act(() => router.navigate(paths.fuelFill(1), { state: { transactionId: TX_ID } }));
    expect(await screen.findByTestId('fuel-nozzle')).toBeTruthy();
  });
});
