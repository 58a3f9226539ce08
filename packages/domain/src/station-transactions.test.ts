import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUEL_HOLD_ORE, vatOf } from './money.ts';
import { carwashStartSchema } from './carwash.ts';
import { fuelAmount, fuelStartSchema, volumeForLimit } from './fuel.ts';
import {
  decide,
  isFinalState,
  labelOf,
  startRefusal,
  type MoneyStep,
  type StationTransactionService,
  type StationTransactionState,
  type TransactionEvent,
} from './station-transactions.ts';

describe('fuel amounts', () => {
  it('prices a volume to the nearest øre', () => {
    expect(fuelAmount(20_000, 1189)).toBe(23_780);
    expect(fuelAmount(1, 1189)).toBe(1);
    expect(fuelAmount(12_345, 1049)).toBe(12_950);
    expect(fuelAmount(0, 1189)).toBe(0);
  });

  it('refuses volumes and prices that are not whole', () => {
    expect(() => fuelAmount(1.5, 1189)).toThrow(RangeError);
    expect(() => fuelAmount(-1, 1189)).toThrow(RangeError);
    expect(() => fuelAmount(1000, 11.5)).toThrow(RangeError);
  });

  it('stops a pump at a volume whose price never passes the hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (price, limit) => {
          const volume = volumeForLimit(limit, price);
          expect(fuelAmount(volume, price)).toBeLessThanOrEqual(limit);
          // One more millilitre would cost at least as much as the limit allows, or more.
          expect(fuelAmount(volume + 2, price)).toBeGreaterThanOrEqual(fuelAmount(volume, price));
        },
      ),
    );
    expect(volumeForLimit(FUEL_HOLD_ORE, 1189)).toBe(63_078);
  });

  it('has the VAT of the receipt inside the amount', () => {
    const amount = fuelAmount(20_000, 1189);
    expect(vatOf(amount)).toBe(4756);
  });
});

describe('the transaction machine', () => {
  it('moves a refuelling through ready, fuelling, settling and completed', () => {
    expect(decide('fuel', 'starting', { type: 'authorised' }, FUEL_HOLD_ORE)?.state).toBe('ready');
    expect(decide('fuel', 'ready', { type: 'lifted' }, FUEL_HOLD_ORE)?.state).toBe('fuelling');
    expect(decide('fuel', 'fuelling', { type: 'sale', amount: 23_780 }, FUEL_HOLD_ORE)).toEqual({
      state: 'settling',
      money: { kind: 'capture', amount: 23_780 },
    });
    expect(decide('fuel', 'settling', { type: 'settled' }, FUEL_HOLD_ORE)?.state).toBe('completed');
  });

  it('never captures more than the hold, and a sale of nothing voids it', () => {
    expect(
      decide('fuel', 'fuelling', { type: 'sale', amount: 99_999 }, FUEL_HOLD_ORE)?.money,
    ).toEqual({
      kind: 'capture',
      amount: FUEL_HOLD_ORE,
    });
    expect(decide('fuel', 'fuelling', { type: 'sale', amount: 0 }, FUEL_HOLD_ORE)).toEqual({
      state: 'cancelled',
      money: { kind: 'void' },
    });
  });

  it('ends an unlifted nozzle with the timeout text and a void', () => {
    expect(decide('fuel', 'ready', { type: 'timeout' }, FUEL_HOLD_ORE)).toEqual({
      state: 'expired',
      money: { kind: 'void' },
      error: 'error.nozzleTimeout',
    });
    // Once fuelling, only the sale ends it.
    expect(decide('fuel', 'fuelling', { type: 'timeout' }, FUEL_HOLD_ORE)).toBeNull();
    expect(decide('fuel', 'fuelling', { type: 'cancel' }, FUEL_HOLD_ORE)).toBeNull();
  });

  it('captures a wash at its start and lets only a resume undo a stop', () => {
    expect(decide('carwash', 'ready', { type: 'start' }, 14_900)).toEqual({
      state: 'countdown',
      money: { kind: 'capture', amount: 14_900 },
    });
    expect(decide('carwash', 'ready', { type: 'startFailed' }, 14_900)).toEqual({
      state: 'failed',
      money: { kind: 'void' },
      error: 'error.carwashStart',
    });
    expect(decide('carwash', 'washing', { type: 'stop' }, 14_900)?.state).toBe('stopped');
    expect(decide('carwash', 'stopped', { type: 'washing' }, 14_900)).toBeNull();
    expect(decide('carwash', 'stopped', { type: 'resume' }, 14_900)?.state).toBe('washing');
    expect(decide('carwash', 'stopped', { type: 'cancel' }, 14_900)).toBeNull();
  });

  it('labels the states as spec §4 names them', () => {
    expect(labelOf('ready')).toBe('ready');
    expect(labelOf('fuelling')).toBe('inProgress');
    expect(labelOf('countdown')).toBe('countdown');
    expect(labelOf('completed')).toBe('complete');
    expect(labelOf('expired')).toBe('cancelled');
  });

  it('does nothing once a transaction has ended', () => {
    for (const state of ['completed', 'cancelled', 'expired', 'failed'] as const)
      expect(decide('fuel', state, { type: 'sale', amount: 100 }, FUEL_HOLD_ORE)).toBeNull();
  });
});

/**
 * A model of the service around the machine: the transaction's state and its one card payment,
 * where every money step is keyed (a repeat does nothing) and a process may die between moving
 * the state and taking the money step, which the reconciliation then takes.
 */
interface Books {
  state: StationTransactionState;
  payment: 'authorised' | 'captured' | 'voided';
  captured: number;
  captures: number;
  pending: MoneyStep | null;
}

function takeStep(books: Books, money: MoneyStep, hold: number) {
  if (money.kind === 'void' && books.payment === 'authorised') books.payment = 'voided';
  if (money.kind === 'capture' && books.payment === 'authorised') {
    if (money.amount > hold) throw new Error('capture above the hold');
    books.payment = 'captured';
    books.captured = money.amount;
    books.captures += 1;
  }
}

/** What the reconciliation does for a state whose money step was lost. */
function reconcileMoney(
  books: Books,
  service: StationTransactionService,
  hold: number,
  sold: number,
) {
  if (['cancelled', 'expired', 'failed'].includes(books.state))
    takeStep(books, { kind: 'void' }, hold);
  if (service === 'fuel' && books.state === 'settling')
    takeStep(books, { kind: 'capture', amount: Math.min(sold, hold) }, hold);
  if (
    service === 'carwash' &&
    ['countdown', 'washing', 'stopped', 'completed'].includes(books.state)
  )
    takeStep(books, { kind: 'capture', amount: hold }, hold);
}

const fuelEvent: fc.Arbitrary<TransactionEvent> = fc.oneof(
  fc.constant({ type: 'authorised' } as const),
  fc.constant({ type: 'lifted' } as const),
  fc.constant({ type: 'cancel' } as const),
  fc.constant({ type: 'timeout' } as const),
  fc.constant({ type: 'refused', reason: 'error.pumpUnavailable' } as const),
  fc.integer({ min: 0, max: 150_000 }).map((amount) => ({ type: 'sale', amount }) as const),
  fc.constant({ type: 'settled' } as const),
);

const washEvent: fc.Arbitrary<TransactionEvent> = fc.constantFrom<TransactionEvent>(
  { type: 'authorised' },
  { type: 'cancel' },
  { type: 'timeout' },
  { type: 'start' },
  { type: 'startFailed' },
  { type: 'washing' },
  { type: 'stop' },
  { type: 'fault' },
  { type: 'resume' },
  { type: 'finished' },
  { type: 'refused', reason: 'error.carwashUnavailable' },
);

/** The events that bring a transaction to an end from wherever it stands. */
function closing(
  service: StationTransactionService,
  state: StationTransactionState,
): TransactionEvent[] {
  if (service === 'fuel')
    return state === 'fuelling'
      ? [{ type: 'sale', amount: 1000 }, { type: 'settled' }]
      : [{ type: 'cancel' }, { type: 'settled' }];
  return state === 'starting' || state === 'ready' ? [{ type: 'cancel' }] : [{ type: 'finished' }];
}

function run(
  service: StationTransactionService,
  hold: number,
  steps: { event: TransactionEvent; repeat: boolean; crash: boolean }[],
) {
  const books: Books = {
    state: 'starting',
    payment: 'authorised',
    captured: 0,
    captures: 0,
    pending: null,
  };
  let sold = 0;
  const applyOnce = (event: TransactionEvent, crash: boolean) => {
    const decision = decide(service, books.state, event, hold);
    if (!decision) return;
    books.state = decision.state;
    if (event.type === 'sale') sold = event.amount;
    if (crash) books.pending = decision.money;
    else takeStep(books, decision.money, hold);
  };
  for (const { event, repeat, crash } of steps) {
    applyOnce(event, crash);
    // A retry of the same request or a repeated controller event.
    if (repeat) applyOnce(event, false);
    if (books.pending) {
      // After a crash the process restarts and the reconciliation runs.
      reconcileMoney(books, service, hold, sold);
      books.pending = null;
    }
  }
  for (const event of closing(service, books.state)) applyOnce(event, false);
  reconcileMoney(books, service, hold, sold);
  return books;
}

describe('any sequence of controller events, retries and restarts', () => {
  const step = (events: fc.Arbitrary<TransactionEvent>) =>
    fc.record({ event: events, repeat: fc.boolean(), crash: fc.boolean() });

  it('ends a refuelling captured at most the hold, once, or voided', () => {
    fc.assert(
      fc.property(fc.array(step(fuelEvent), { maxLength: 30 }), (steps) => {
        const books = run('fuel', FUEL_HOLD_ORE, steps);
        expect(isFinalState(books.state)).toBe(true);
        expect(books.payment).not.toBe('authorised');
        expect(books.captures).toBeLessThanOrEqual(1);
        expect(books.captured).toBeLessThanOrEqual(FUEL_HOLD_ORE);
        if (books.state === 'completed') expect(books.payment).toBe('captured');
        else expect(books.payment).toBe('voided');
      }),
      { numRuns: 2000 },
    );
  });

  it('ends a wash captured at its price once it started, or voided', () => {
    fc.assert(
      fc.property(fc.array(step(washEvent), { maxLength: 30 }), (steps) => {
        const books = run('carwash', 14_900, steps);
        expect(isFinalState(books.state)).toBe(true);
        expect(books.payment).not.toBe('authorised');
        expect(books.captures).toBeLessThanOrEqual(1);
        if (books.state === 'completed') expect(books.captured).toBe(14_900);
        else expect(books.payment).toBe('voided');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('start requests', () => {
  it('takes a refuelling only with whole ids and a card id', () => {
    expect(
      fuelStartSchema.safeParse({
        stationId: 1,
        pumpNumber: 3,
        productId: 2,
        paymentMethodId: '7d1b7b8e-4b8a-4f7e-9a55-5f1b0f0a1c2d',
      }).success,
    ).toBe(true);
    expect(fuelStartSchema.safeParse({ stationId: 1, pumpNumber: 0, productId: 2 }).success).toBe(
      false,
    );
  });

  it('pays a wash with a card or a voucher, not both and not neither', () => {
    const id = '7d1b7b8e-4b8a-4f7e-9a55-5f1b0f0a1c2d';
    const base = { stationId: 1, bayNumber: 1, productId: 4 };
    expect(carwashStartSchema.safeParse({ ...base, paymentMethodId: id }).success).toBe(true);
    expect(carwashStartSchema.safeParse({ ...base, voucherId: id }).success).toBe(true);
    expect(
      carwashStartSchema.safeParse({ ...base, voucherId: id, paymentMethodId: id }).success,
    ).toBe(false);
    expect(carwashStartSchema.safeParse(base).success).toBe(false);
  });
});

describe('startRefusal: what a customer may start beside what they have open', () => {
  const open = (
    service: 'fuel' | 'carwash',
    state: StationTransactionState,
    finishedAt: string | null = null,
  ) => ({ service, state, finishedAt });

  it('lets anything start with nothing open, or only what is over', () => {
    expect(startRefusal(null, 'fuel')).toBeNull();
    expect(startRefusal(open('fuel', 'completed', '2026-11-30T12:00:00Z'), 'fuel')).toBeNull();
    expect(startRefusal(open('carwash', 'stopped', '2026-11-30T12:00:00Z'), 'carwash')).toBeNull();
  });

  it.each(['starting', 'ready', 'fuelling', 'settling', 'countdown', 'washing'] as const)(
    'refuses every start while one is %s',
    (state) => {
      for (const service of ['fuel', 'carwash'] as const) {
        expect(startRefusal(open('carwash', state), service)).toBe('error.transactionActive');
        expect(startRefusal(open('fuel', state), service)).toBe('error.transactionActive');
      }
    },
  );

  it('lets a fill start beside a stopped wash, and refuses another wash', () => {
    expect(startRefusal(open('carwash', 'stopped'), 'fuel')).toBeNull();
    expect(startRefusal(open('carwash', 'stopped'), 'carwash')).toBe('error.washStopped');
  });
});
