import type { OwnCardChannel } from '@stod/domain';

/** The provider's card system: the issuer of its own fuel cards. Amounts are integer øre. */
export type ProviderCardStatus = 'active' | 'blocked' | 'expired' | 'lost';

export interface ProviderCard {
  /** The issuer's id for the card; the number itself stays with the issuer. */
  id: string;
  last4: string;
  holderName: string;
  status: ProviderCardStatus;
  expMonth: number;
  expYear: number;
  limits: { perPurchase: number; perDay: number };
  /** Where a one-time code can reach the holder. */
  channels: OwnCardChannel[];
}

export type ProviderCardsErrorCode = 'unavailable' | 'not_found' | 'no_channel';

export class ProviderCardsError extends Error {
  readonly code: ProviderCardsErrorCode;
  constructor(code: ProviderCardsErrorCode) {
    super(`provider cards: ${code}`);
    this.code = code;
  }
}

export interface CodeChallenge {
  id: string;
  channel: OwnCardChannel;
  /** Masked, e.g. `•• •• 45` or `g•••@example.fo`. */
  destination: string;
  expiresAt: Date;
}

export interface HolderDetails {
  name: string;
  /** The national identity the holder verified with, when there was one. */
  subject: string | null;
  email: string | null;
  phone: string | null;
}

export interface ProviderCardsPort {
  /** The card with this number, or null when the issuer knows no such card. */
  findByNumber(number: string): Promise<ProviderCard | null>;
  /** Checks the PIN printed on the card carrier. */
  verifyPin(cardId: string, pin: string): Promise<boolean>;
  /**
   * Sends a one-time code to the holder's registered phone or e-mail. `reference` names who
   * asked; only the same reference can answer the challenge.
   */
  sendCode(
    cardId: string,
    input: { channel: OwnCardChannel; reference: string },
  ): Promise<CodeChallenge>;
  /** True once for the right code; a wrong, spent or expired one answers false. */
  verifyCode(input: {
    challengeId: string;
    cardId: string;
    reference: string;
    code: string;
  }): Promise<boolean>;
  /** Issues a new card; its PIN reaches the holder on the card carrier, never through us. */
  /** Issues a card; a repeat of the key (an answer lost on the way) answers the same card. */
  issueCard(key: string, holder: HolderDetails): Promise<ProviderCard>;
}
