import type { MessageKey, PaymentMethod } from '@stod/domain';

export interface CardSessionView {
  status: 'open' | 'completed' | 'failed' | 'expired';
  failure: string | null;
  paymentMethod: PaymentMethod | null;
}

export type CardSessionOutcome =
  | { kind: 'pending' }
  | { kind: 'saved'; paymentMethod: PaymentMethod | null }
  | { kind: 'error'; message: MessageKey }
  /** The user left the hosted page without entering a card: nothing to say. */
  | { kind: 'abandoned' };

export const CARD_SESSION_POLL_MS = 1000;
/** After this many answers still 'open' on return, the app gives up and says so. */
export const CARD_SESSION_MAX_POLLS = 30;

/** The gateway's failure codes in the words of spec §8. */
export function failureMessage(failure: string | null): MessageKey {
  switch (failure) {
    case 'declined':
    case 'invalid_card':
      return 'error.paymentUnsuccessful';
    case 'expired_card':
      return 'error.cardExpired';
    case 'insufficient_funds':
      return 'error.notEnoughFunds';
    default:
      return 'error.cardToken';
  }
}

/**
 * What a session's state means to the screen. `returned` is true when the hosted page sent the
 * browser back (the card was accepted, the save may still be on its way); false when the app
 * checks a session the user left some other way (the back button, a closed in-app browser).
 */
export function cardSessionOutcome(
  view: CardSessionView,
  returned: boolean,
  polls: number,
): CardSessionOutcome {
  switch (view.status) {
    case 'completed':
      return { kind: 'saved', paymentMethod: view.paymentMethod };
    case 'failed':
      // The user cancelled on the hosted page: they chose to, so there is nothing to say.
      return view.failure === 'cancelled'
        ? { kind: 'abandoned' }
        : { kind: 'error', message: 'error.cardToken' };
    case 'expired':
      return { kind: 'error', message: 'error.cardToken' };
    case 'open':
      if (returned) {
        return polls >= CARD_SESSION_MAX_POLLS
          ? { kind: 'error', message: 'error.cardToken' }
          : { kind: 'pending' };
      }
      return view.failure
        ? { kind: 'error', message: failureMessage(view.failure) }
        : { kind: 'abandoned' };
  }
}
