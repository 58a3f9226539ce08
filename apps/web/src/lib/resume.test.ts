import { describe, expect, it } from 'vitest';
import { fuelTransaction, washTransaction } from '../test/station-fixtures.ts';
import { paths } from './paths.ts';
import { planResume, resumesFrom } from './resume.ts';
import type { SavedTransaction } from './saved-transaction.ts';
import { isNewer, isRunning, transactionPath } from './station-transactions.ts';

const nothing: SavedTransaction = { transactionId: null, fuel: null, carwash: null };
const savedFuel: SavedTransaction = {
  transactionId: 'tx-1',
  fuel: { stationId: 1, fuelPump: 3, fuelProduct: 11 },
  carwash: null,
};
const savedWash: SavedTransaction = {
  transactionId: 'tx-2',
  fuel: null,
  carwash: { stationId: 7, carwashBox: 2, carwashProduct: 23 },
};
const exists = () => true;
const unknown = () => undefined;

describe('planResume (spec §4 "Resuming a transaction")', () => {
  it('opens the fill screen of a running refuelling and keeps it on the device', () => {
    const active = fuelTransaction({ state: 'fuelling', label: 'inProgress' });
    expect(planResume(nothing, active, exists)).toEqual({
      path: paths.fuelFill(1),
      remember: active,
      forget: [],
    });
  });

  it('opens the wash screen of a running wash, and the checklist of one not yet started', () => {
    const washing = washTransaction({ state: 'washing', label: 'inProgress', stationId: 7 });
    expect(planResume(savedFuel, washing, exists).path).toBe(paths.carwashWash(7));
    const loaded = washTransaction({ state: 'ready', stationId: 7 });
    expect(planResume(nothing, loaded, exists).path).toBe(paths.carwashChecklist(7));
  });

  it('forgets what the device kept when the server has no unfinished transaction', () => {
    expect(planResume(savedFuel, null, exists)).toEqual({
      path: null,
      remember: null,
      forget: ['transaction_id', 'fuel_data'],
    });
    expect(planResume(nothing, null, exists).forget).toEqual([]);
  });

  it('keeps a stopped wash on the device but opens where the app was going: home says it', () => {
    const stopped = washTransaction({ state: 'stopped', label: 'stopped', stationId: 7 });
    expect(planResume(savedWash, stopped, exists)).toEqual({
      path: null,
      remember: stopped,
      forget: [],
    });
  });

  it('treats a wash stopped and given up as over', () => {
    const givenUp = washTransaction({ state: 'stopped', finishedAt: '2026-03-05T13:00:00Z' });
    expect(planResume(savedWash, givenUp, exists).path).toBeNull();
  });

  it('without an answer from the server, resumes from the saved fuel or wash data', () => {
    expect(planResume(savedFuel, undefined, unknown)).toEqual({
      path: paths.fuelFill(1),
      remember: null,
      forget: [],
    });
    expect(planResume(savedWash, undefined, exists).path).toBe(paths.carwashWash(7));
  });

  it('removes saved data whose station is gone, and the transaction id with it', () => {
    expect(planResume(savedWash, undefined, (id) => id !== 7)).toEqual({
      path: null,
      remember: null,
      forget: ['carwash_data', 'transaction_id'],
    });
    expect(planResume(savedFuel, undefined, () => false).forget).toEqual([
      'fuel_data',
      'transaction_id',
    ]);
  });

  it('does not resume selection data without a transaction id', () => {
    const selectionOnly = { ...savedFuel, transactionId: null };
    expect(planResume(selectionOnly, undefined, exists)).toEqual({
      path: null,
      remember: null,
      forget: [],
    });
  });
});

describe('resumesFrom', () => {
  it('takes the start screens and the flows, and leaves other screens alone', () => {
    expect(resumesFrom(paths.start)).toBe(true);
    expect(resumesFrom(paths.home)).toBe(true);
    expect(resumesFrom(paths.fuelType(1))).toBe(true);
    expect(resumesFrom(paths.carwashProducts(7))).toBe(true);
    expect(resumesFrom(paths.fuelDeepLink(1, 3))).toBe(true);
    expect(resumesFrom(paths.receipt('r-1'))).toBe(false);
    expect(resumesFrom(paths.profile)).toBe(false);
  });
});

describe('station transactions', () => {
  it('keeps the newer of two views', () => {
    const older = fuelTransaction({ updatedAt: '2026-03-05T12:00:00.000Z' });
    const newer = fuelTransaction({ updatedAt: '2026-03-05T12:00:01.000Z' });
    expect(isNewer(older, newer)).toBe(true);
    expect(isNewer(newer, older)).toBe(false);
    expect(isNewer(undefined, older)).toBe(true);
  });

  it('runs until final, and a stopped wash until it is given up', () => {
    expect(isRunning(fuelTransaction({ state: 'settling' }))).toBe(true);
    expect(isRunning(fuelTransaction({ state: 'completed' }))).toBe(false);
    expect(isRunning(washTransaction({ state: 'stopped' }))).toBe(true);
    expect(isRunning(washTransaction({ state: 'stopped', finishedAt: '2026-03-05T13:00Z' }))).toBe(
      false,
    );
  });

  it('follows a refuelling on the fill screen and a wash on the wash screen', () => {
    expect(transactionPath(fuelTransaction())).toBe(paths.fuelFill(1));
    expect(transactionPath(washTransaction({ state: 'countdown' }))).toBe(paths.carwashWash(1));
  });
});
