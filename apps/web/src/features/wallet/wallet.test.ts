import type { PaymentMethod } from '@stod/domain';
import { describe, expect, it } from 'vitest';
import { formatCountdown, methodStatus, nextActivationAt } from './activation.ts';
import { brandLabel, formatExpiry, groupCardNumber, maskedNumber } from './card-format.ts';
import { cardSessionOutcome, CARD_SESSION_MAX_POLLS, failureMessage } from './card-session.ts';
import { afterAgreementSaved, agreementPathFor, flowForPath, walletFlows } from './paths.ts';
import { parsePendingSession } from './pending-session.ts';
import { pickNewCard, stateCardId } from './select-card.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z');

function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-1',
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    name: null,
    isFavourite: false,
    isActive: true,
    activeFrom: '2026-03-01T00:00:00Z',
    products: ['fuel'],
    createdAt: '2026-03-01T00:00:00Z',
    ...overrides,
  };
}

describe('methodStatus', () => {
  it('is active when the server says so', () => {
    expect(methodStatus(method(), NOW)).toEqual({ kind: 'active' });
  });

  it('counts down to activeFrom while a new card activates', () => {
    const m = method({ isActive: false, activeFrom: new Date(NOW + 150_000).toISOString() });
    expect(methodStatus(m, NOW)).toEqual({ kind: 'activating', remainingMs: 150_000 });
  });

  it('calls a card past its expiry month expired', () => {
    const m = method({ isActive: false, expMonth: 2, expYear: 2026 });
    expect(methodStatus(m, NOW)).toEqual({ kind: 'expired' });
  });

  it('treats an activation that passed since the fetch as active', () => {
    const m = method({
      isActive: false,
      kind: 'own_card',
      expMonth: null,
      expYear: null,
      activeFrom: new Date(NOW - 1).toISOString(),
    });
    expect(methodStatus(m, NOW)).toEqual({ kind: 'active' });
  });
});

describe('formatCountdown', () => {
  it.each([
    [180_000, '3:00'],
    [179_001, '3:00'],
    [179_000, '2:59'],
    [65_000, '1:05'],
    [1, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('nextActivationAt', () => {
  it('finds the earliest future activation of the inactive cards', () => {
    const soon = NOW + 60_000;
    const later = NOW + 120_000;
    const methods = [
      method({ isActive: false, activeFrom: new Date(later).toISOString() }),
      method({ isActive: false, activeFrom: new Date(soon).toISOString() }),
      method({ isActive: true, activeFrom: new Date(NOW + 1_000).toISOString() }),
      method({ isActive: false, activeFrom: new Date(NOW - 1_000).toISOString() }),
    ];
    expect(nextActivationAt(methods, NOW)).toBe(soon);
    expect(nextActivationAt([method()], NOW)).toBeNull();
  });
});

describe('card formatting', () => {
  it('names the brands', () => {
    expect(brandLabel('visa')).toBe('Visa');
    expect(brandLabel('mastercard')).toBe('Mastercard');
    expect(brandLabel('discover')).toBe('Discover');
    expect(brandLabel('')).toBe('');
  });

  it('masks the number and writes the expiry as MM/YY', () => {
    expect(maskedNumber('4242')).toBe('•••• 4242');
    expect(formatExpiry({ expMonth: 3, expYear: 2031 })).toBe('03/31');
    expect(formatExpiry({ expMonth: null, expYear: null })).toBeNull();
  });

  it('groups typed digits in fours and drops anything else', () => {
    expect(groupCardNumber('7077123412341234')).toBe('7077 1234 1234 1234');
    expect(groupCardNumber('7077-12 3')).toBe('7077 123');
    expect(groupCardNumber('')).toBe('');
  });
});

describe('card sessions', () => {
  const open = { status: 'open' as const, failure: null, paymentMethod: null };

  it('maps the gateway failures to the texts of spec §8', () => {
    expect(failureMessage('declined')).toBe('error.paymentUnsuccessful');
    expect(failureMessage('invalid_card')).toBe('error.paymentUnsuccessful');
    expect(failureMessage('expired_card')).toBe('error.cardExpired');
    expect(failureMessage('insufficient_funds')).toBe('error.notEnoughFunds');
    expect(failureMessage(null)).toBe('error.cardToken');
  });

  it('saves on completed and fails with the card-token text on failed or expired', () => {
    const pm = method();
    expect(
      cardSessionOutcome({ status: 'completed', failure: null, paymentMethod: pm }, true, 1),
    ).toEqual({ kind: 'saved', paymentMethod: pm });
    for (const status of ['failed', 'expired'] as const) {
      expect(cardSessionOutcome({ ...open, status }, true, 1)).toEqual({
        kind: 'error',
        message: 'error.cardToken',
      });
    }
  });

  it('keeps polling an open session after a return, and gives up after the limit', () => {
    expect(cardSessionOutcome(open, true, 1)).toEqual({ kind: 'pending' });
    expect(cardSessionOutcome(open, true, CARD_SESSION_MAX_POLLS)).toEqual({
      kind: 'error',
      message: 'error.cardToken',
    });
  });

  it('explains a declined card to a user who came back without finishing', () => {
    expect(cardSessionOutcome({ ...open, failure: 'declined' }, false, 1)).toEqual({
      kind: 'error',
      message: 'error.paymentUnsuccessful',
    });
    expect(cardSessionOutcome(open, false, 1)).toEqual({ kind: 'abandoned' });
  });

  it('says nothing when the user cancelled on the hosted page', () => {
    const cancelled = { status: 'failed' as const, failure: 'cancelled', paymentMethod: null };
    expect(cardSessionOutcome(cancelled, true, 1)).toEqual({ kind: 'abandoned' });
    expect(cardSessionOutcome(cancelled, false, 1)).toEqual({ kind: 'abandoned' });
  });

  it('reads the pending session only for its own screen', () => {
    const raw = JSON.stringify({ id: 's1', returnPath: '/profile/payment-methods' });
    expect(parsePendingSession(raw, '/profile/payment-methods')).toBe('s1');
    expect(parsePendingSession(raw, '/register-user/payment-method')).toBeNull();
    expect(parsePendingSession('{not json', '/profile/payment-methods')).toBeNull();
    expect(parsePendingSession('null', '/profile/payment-methods')).toBeNull();
    expect(parsePendingSession(null, '/profile/payment-methods')).toBeNull();
  });
});

describe('wallet flows', () => {
  const flows = walletFlows('stodkort');

  it('keeps each flow on its own routes', () => {
    expect(flowForPath('/register-user/payment-methods/stodkort/create', 'stodkort')).toEqual(
      flows.register,
    );
    expect(flowForPath('/profile/payment-methods/stodkort/add', 'stodkort')).toEqual(flows.profile);
    expect(flows.register.ownCardCreateDone).toBe('/register-user/completed');
    expect(flows.profile.ownCardCreateDone).toBe(
      '/profile/payment-methods/stodkort/create/complete',
    );
  });

  it('goes on after the agreement form to the flow’s next step, never elsewhere', () => {
    const reg = '/register-user/payment-method/agreement';
    expect(afterAgreementSaved(reg, null, 'stodkort')).toBe('/register-user/completed');
    expect(afterAgreementSaved(reg, flows.register.ownCardCreate, 'stodkort')).toBe(
      flows.register.ownCardCreate,
    );
    expect(afterAgreementSaved(reg, flows.profile.ownCardCreate, 'stodkort')).toBe(
      '/register-user/completed',
    );
    expect(afterAgreementSaved(reg, 'https://evil.example', 'stodkort')).toBe(
      '/register-user/completed',
    );
    expect(afterAgreementSaved('/profile/payment-methods/agreement', null, 'stodkort')).toBe(
      '/profile/payment-methods',
    );
    expect(afterAgreementSaved('/profile/agreement', null, 'stodkort')).toBeNull();
  });

  it('builds the agreement link with where to come back to', () => {
    expect(agreementPathFor(flows.profile, flows.profile.ownCardCreate)).toBe(
      '/profile/payment-methods/agreement?next=%2Fprofile%2Fpayment-methods%2Fstodkort%2Fcreate',
    );
    expect(agreementPathFor(flows.register)).toBe('/register-user/payment-method/agreement');
  });
});

describe('the done screens’ card', () => {
  const older = method({ id: 'a', kind: 'own_card', createdAt: '2026-03-01T00:00:00Z' });
  const newer = method({ id: 'b', kind: 'own_card', createdAt: '2026-03-02T00:00:00Z' });
  const visa = method({ id: 'c', kind: 'card', createdAt: '2026-03-03T00:00:00Z' });

  it('takes the card the previous step named, else the newest provider card', () => {
    expect(pickNewCard([older, newer, visa], 'a')).toBe(older);
    expect(pickNewCard([older, newer, visa], null)).toBe(newer);
    expect(pickNewCard([older, newer, visa], 'gone')).toBe(newer);
    expect(pickNewCard([visa], null)).toBeNull();
  });

  it('reads the id from the navigation state only when it is there', () => {
    expect(stateCardId({ paymentMethodId: 'x' })).toBe('x');
    expect(stateCardId({ paymentMethodId: 3 })).toBeNull();
    expect(stateCardId(null)).toBeNull();
    expect(stateCardId('x')).toBeNull();
  });
});
