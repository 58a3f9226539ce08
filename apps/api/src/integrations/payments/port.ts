/**
 * The card payment gateway. Every call that changes state takes an idempotency
 * key: a repeat with the same key answers the first result and changes nothing.
 * Amounts are integer øre.
 */
export type GatewayErrorCode =
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'invalid_card'
  | 'hold_expired'
  | 'amount_exceeds'
  | 'illegal_state'
  | 'not_found'
  | 'unavailable';

/**
 * Why a card-entry session did not save a card: a refused card, or `cancelled` when the customer
 * left the hosted page with its cancel button (the session then failed, on purpose).
 */
export type CardSessionFailure = GatewayErrorCode | 'cancelled';

export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  constructor(code: GatewayErrorCode) {
    super(`gateway: ${code}`);
    this.code = code;
  }
}

export interface SavedCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardSession {
  id: string;
  /** The hosted card-entry page the customer opens. */
  url: string;
  /** Where the hosted page sends the customer afterwards. */
  returnUrl: string;
  status: 'open' | 'completed' | 'failed' | 'expired';
  expiresAt: Date;
  card: SavedCard | null;
  failure: CardSessionFailure | null;
}

/**
 * A hosted payment page for one amount: the customer enters a card on the gateway's page, which
 * holds the amount on it (nothing is saved for later). The gateway tells the API by its signed
 * webhook (`payment_session.completed` or `payment_session.failed`, as card sessions do); the
 * hold is then captured or voided like any other.
 */
export interface PaymentSession {
  id: string;
  /** The hosted payment page the customer opens. */
  url: string;
  /** Where the hosted page sends the customer afterwards. */
  returnUrl: string;
  /** Ours, given at creation: `<purpose>:<our id>`. */
  reference: string;
  amount: number;
  description: string;
  status: 'open' | 'completed' | 'failed' | 'expired';
  expiresAt: Date;
  /** The hold on the customer's card, once the session completed. */
  authorization: Authorization | null;
  failure: CardSessionFailure | null;
}

/** Money the gateway moved: a capture or a refund, under the key it was asked with. */
export interface GatewayMovement {
  kind: 'capture' | 'refund';
  key: string;
  authorizationId: string;
  /** Øre captured or given back by this one request. */
  amount: number;
  at: Date;
}

export interface Authorization {
  id: string;
  status: 'authorised' | 'captured' | 'voided' | 'refunded' | 'expired';
  amount: number;
  captured: number;
  refunded: number;
  expiresAt: Date;
}

export interface PaymentGateway {
  createCardSession(
    key: string,
    input: { reference: string; returnUrl: string },
  ): Promise<CardSession>;
  getCardSession(id: string): Promise<CardSession>;
  /**
   * Opens a hosted payment page for `amount`; a repeat of the key answers the same session. It
   * can be paid until `expiresAt` at the latest (a gateway may end it sooner).
   */
  createPaymentSession(
    key: string,
    input: {
      reference: string;
      amount: number;
      currency: 'DKK';
      description: string;
      returnUrl: string;
      expiresAt: Date;
    },
  ): Promise<PaymentSession>;
  getPaymentSession(id: string): Promise<PaymentSession>;
  /** Places a hold on the card. */
  authorise(
    key: string,
    input: { token: string; amount: number; currency: 'DKK' },
  ): Promise<Authorization>;
  /** Takes at most the held amount; the rest of the hold is released. */
  capture(key: string, input: { authorizationId: string; amount: number }): Promise<Authorization>;
  void(key: string, input: { authorizationId: string }): Promise<Authorization>;
  /** Returns at most what was captured. */
  refund(key: string, input: { authorizationId: string; amount: number }): Promise<Authorization>;
  status(authorizationId: string): Promise<Authorization>;
  /**
   * The hold made under an `authorise` key, or null when the gateway made none: how a payment
   * whose answer was lost (a crash mid-call) is settled.
   */
  authorisationByKey(key: string): Promise<Authorization | null>;
  /**
   * The gateway's settlement report: every capture and refund it made from `from` until `to`,
   * for matching against our own books. A gateway without one leaves it out.
   */
  settlement?(from: Date, to: Date): Promise<GatewayMovement[]>;
}
