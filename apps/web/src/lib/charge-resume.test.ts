// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api.ts';
import { useAppState } from './app-state.ts';
import { CHARGE_ID, chargeAt, testCharge } from './charge-fixtures.ts';
import { activeChargeQueryKey, chargeQueryKey, resetChargeLookups } from './charge-query.ts';
import { planChargeResume, resumeCharge } from './charge-resume.ts';
import { queryClient } from './query-client.ts';

const running = testCharge({ state: 'charging', label: 'charging' });
const finished = testCharge({
  state: 'completed',
  label: 'complete',
  finishedAt: '2026-03-05T12:40:00.000Z',
});
const notFound = {
  status: 404,
  body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
};

afterEach(() => {
  useAppState.setState({ transactionInProgress: false });
  queryClient.clear();
  resetChargeLookups();
});

describe('planning the charge resume', () => {
  it('follows the server’s running charge', () => {
    expect(planChargeResume(null, running)).toEqual({
      follow: running,
      forget: false,
      lookUp: null,
    });
    expect(planChargeResume('older-id', running).follow).toBe(running);
  });

  it('looks a saved id up when the server lists no charge, and keeps it when it cannot ask', () => {
    expect(planChargeResume(CHARGE_ID, null)).toEqual({
      follow: null,
      forget: false,
      lookUp: CHARGE_ID,
    });
    expect(planChargeResume(CHARGE_ID, undefined)).toEqual({
      follow: null,
      forget: false,
      lookUp: null,
    });
  });

  it('resumes a saved id that resolves to an unfinished charge, and forgets any other', () => {
    expect(planChargeResume(CHARGE_ID, null, running).follow).toBe(running);
    expect(planChargeResume(CHARGE_ID, null, finished)).toEqual({
      follow: null,
      forget: true,
      lookUp: null,
    });
    expect(planChargeResume(CHARGE_ID, null, null).forget).toBe(true);
    // An unknown answer (no connection) keeps the id for the next start.
    expect(planChargeResume(CHARGE_ID, null, undefined).forget).toBe(false);
  });

  it('does nothing without a charge anywhere', () => {
    expect(planChargeResume(null, null)).toEqual({ follow: null, forget: false, lookUp: null });
  });
});

describe('resuming a charge at start', () => {
  it('keeps the active charge on the device and where home and the screen read it', async () => {
    mockApi({ 'GET /charges/active': { body: { charge: running } } });
    await resumeCharge();
    expect(window.localStorage.getItem('charge_id')).toBe(CHARGE_ID);
    expect(queryClient.getQueryData(activeChargeQueryKey)).toEqual(running);
    expect(queryClient.getQueryData(chargeQueryKey(CHARGE_ID))).toEqual(running);
    expect(useAppState.getState().transactionInProgress).toBe(true);
  });

  it('resumes a saved charge the server did not list, looked up by its id', async () => {
    window.localStorage.setItem('charge_id', CHARGE_ID);
    const waiting = chargeAt(5, { state: 'waiting', label: 'plug' });
    const sent = mockApi({
      'GET /charges/active': { body: { charge: null } },
      [`GET /charges/${CHARGE_ID}`]: { body: waiting },
    });
    await resumeCharge();
    expect(sent.map((r) => r.path)).toContain(`/charges/${CHARGE_ID}`);
    expect(queryClient.getQueryData(chargeQueryKey(CHARGE_ID))).toEqual(waiting);
    expect(window.localStorage.getItem('charge_id')).toBe(CHARGE_ID);
  });

  it('removes a saved id whose charge is over or gone', async () => {
    window.localStorage.setItem('charge_id', CHARGE_ID);
    mockApi({
      'GET /charges/active': { body: { charge: null } },
      [`GET /charges/${CHARGE_ID}`]: { body: finished },
    });
    await resumeCharge();
    expect(window.localStorage.getItem('charge_id')).toBeNull();

    window.localStorage.setItem('charge_id', CHARGE_ID);
    mockApi({
      'GET /charges/active': { body: { charge: null } },
      [`GET /charges/${CHARGE_ID}`]: notFound,
    });
    await resumeCharge();
    expect(window.localStorage.getItem('charge_id')).toBeNull();
  });

  it('keeps the saved id when the server does not answer', async () => {
    window.localStorage.setItem('charge_id', CHARGE_ID);
    mockApi({
      'GET /charges/active': { status: 500, body: { statusCode: 500, code: 'X', message: 'x' } },
    });
    await resumeCharge();
    expect(window.localStorage.getItem('charge_id')).toBe(CHARGE_ID);
    expect(queryClient.getQueryData(activeChargeQueryKey)).toBeUndefined();
  });

  it('applies after the station transaction’s resume, so a running charge keeps the flag', async () => {
    mockApi({ 'GET /charges/active': { body: { charge: running } } });
    let finish: () => void = () => undefined;
    const transaction = new Promise<void>((resolve) => (finish = resolve));
    const done = resumeCharge(transaction);
    await new Promise((r) => setTimeout(r, 10));
    expect(window.localStorage.getItem('charge_id')).toBeNull();
    useAppState.setState({ transactionInProgress: false });
    finish();
    await done;
    expect(useAppState.getState().transactionInProgress).toBe(true);
  });
});

describe('which view of a charge is newer', () => {
  it('takes the later update, and at the same moment the state further along', async () => {
    const { isNewerCharge } = await import('./charge-query.ts');
    const waiting = chargeAt(1, { state: 'waiting', label: 'plug' });
    const starting = chargeAt(1, { state: 'starting', label: 'ready' });
    expect(isNewerCharge(undefined, waiting)).toBe(true);
    expect(isNewerCharge(waiting, starting)).toBe(false);
    expect(isNewerCharge(starting, waiting)).toBe(true);
    expect(isNewerCharge(waiting, chargeAt(2, { state: 'starting' }))).toBe(true);
    expect(isNewerCharge(chargeAt(2), waiting)).toBe(false);
    // A meter value of the same state at the same moment still counts.
    expect(isNewerCharge(waiting, { ...waiting, kwh: 1 })).toBe(true);
  });
});
