// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api.ts';
import { fuelTransaction, testStation, TX_ID, washTransaction } from '../test/station-fixtures.ts';
import { useAppState } from './app-state.ts';
import { paths } from './paths.ts';
import { queryClient } from './query-client.ts';
import { resumeStationTransaction } from './resume.ts';
import { activeTransactionQueryKey } from './station-transactions.ts';

const notFound = {
  status: 404,
  body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
  useAppState.setState({ transactionInProgress: false });
  queryClient.clear();
});

describe('resuming at start', () => {
  it('opens a running refuelling on its fill screen and keeps it on the device', async () => {
    window.history.replaceState(null, '', paths.home);
    const active = fuelTransaction({ state: 'fuelling', label: 'inProgress' });
    mockApi({ 'GET /transactions/active': { body: { transaction: active } } });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe(paths.fuelFill(1));
    expect(window.localStorage.getItem('transaction_id')).toBe(TX_ID);
    expect(JSON.parse(window.localStorage.getItem('fuel_data') ?? '{}')).toEqual({
      stationId: 1,
      fuelPump: 3,
      fuelProduct: 11,
    });
    expect(useAppState.getState().transactionInProgress).toBe(true);
    expect(queryClient.getQueryData(activeTransactionQueryKey)).toEqual(active);
  });

  it('opens a running wash on the wash screen and drops saved fuel data', async () => {
    window.localStorage.setItem(
      'fuel_data',
      JSON.stringify({ stationId: 1, fuelPump: 3, fuelProduct: 11 }),
    );
    mockApi({
      'GET /transactions/active': {
        body: { transaction: washTransaction({ state: 'washing', label: 'inProgress' }) },
      },
    });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe(paths.carwashWash(1));
    expect(window.localStorage.getItem('fuel_data')).toBeNull();
    expect(window.localStorage.getItem('carwash_data')).not.toBeNull();
  });

  it('leaves a receipt link where it is', async () => {
    window.history.replaceState(null, '', paths.receipt('r-1'));
    mockApi({
      'GET /transactions/active': { body: { transaction: fuelTransaction() } },
    });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe(paths.receipt('r-1'));
  });

  it('clears what the device kept when nothing runs', async () => {
    window.localStorage.setItem('transaction_id', TX_ID);
    window.localStorage.setItem(
      'carwash_data',
      JSON.stringify({ stationId: 1, carwashBox: 2, carwashProduct: 23 }),
    );
    mockApi({ 'GET /transactions/active': { body: { transaction: null } } });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem('transaction_id')).toBeNull();
    expect(window.localStorage.getItem('carwash_data')).toBeNull();
    expect(useAppState.getState().transactionInProgress).toBe(false);
  });

  it('without the server, resumes the saved wash unless its station is gone', async () => {
    window.localStorage.setItem('transaction_id', TX_ID);
    window.localStorage.setItem(
      'carwash_data',
      JSON.stringify({ stationId: 1, carwashBox: 2, carwashProduct: 23 }),
    );
    mockApi({
      'GET /transactions/active': { status: 503, body: null },
      'GET /stations/stod/1': { body: testStation },
    });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe(paths.carwashWash(1));

    window.history.replaceState(null, '', '/');
    mockApi({
      'GET /transactions/active': { status: 503, body: null },
      'GET /stations/stod/1': notFound,
    });
    await resumeStationTransaction();
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem('transaction_id')).toBeNull();
    expect(window.localStorage.getItem('carwash_data')).toBeNull();
  });
});
