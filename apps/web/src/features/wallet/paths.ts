import { OWN_CARD_SLUG } from '../../config.ts';

/**
 * The wallet's screens are reached from the profile and from registration (spec §2); each
 * flow has its own paths, and every step of a flow leads to the next step of the same flow.
 */
export interface WalletFlow {
  name: 'profile' | 'register';
  /** Where the hosted card page sends the browser back to (`returnPath`). */
  cardReturn: string;
  agreement: string;
  ownCardCreate: string;
  ownCardAdd: string;
  /** After a new provider card was created, and after an existing one was added. */
  ownCardCreateDone: string;
  ownCardAddDone: string;
  /** After a payment card was saved, and where the agreement form leads without `?next=`. */
  done: string;
}

export function walletFlows(slug: string = OWN_CARD_SLUG): Record<WalletFlow['name'], WalletFlow> {
  return {
    profile: {
      name: 'profile',
      cardReturn: '/profile/payment-methods',
      agreement: '/profile/payment-methods/agreement',
      ownCardCreate: `/profile/payment-methods/${slug}/create`,
      ownCardAdd: `/profile/payment-methods/${slug}/add`,
      ownCardCreateDone: `/profile/payment-methods/${slug}/create/complete`,
      ownCardAddDone: `/profile/payment-methods/${slug}/add/complete`,
      done: '/profile/payment-methods',
    },
    register: {
      name: 'register',
      cardReturn: '/register-user/payment-method',
      agreement: '/register-user/payment-method/agreement',
      ownCardCreate: `/register-user/payment-methods/${slug}/create`,
      ownCardAdd: `/register-user/payment-methods/${slug}/add`,
      ownCardCreateDone: '/register-user/completed',
      ownCardAddDone: '/register-user/completed',
      done: '/register-user/completed',
    },
  };
}

export function flowForPath(pathname: string, slug: string = OWN_CARD_SLUG): WalletFlow {
  const flows = walletFlows(slug);
  return pathname.startsWith('/register-user') ? flows.register : flows.profile;
}

export const PROFILE_AGREEMENT_PATH = '/profile/agreement';

/**
 * Where the agreement form goes once saved. `?next=` is honoured only for a step of the same
 * flow (the provider card, which needs an agreement first), never for an arbitrary path.
 * `null` means stay: /profile/agreement is the agreement's own page.
 */
export function afterAgreementSaved(
  pathname: string,
  next: string | null,
  slug: string = OWN_CARD_SLUG,
): string | null {
  const flow = flowForPath(pathname, slug);
  if (next !== null && next === flow.ownCardCreate) return next;
  if (pathname === PROFILE_AGREEMENT_PATH) return null;
  return flow.done;
}

/** The agreement form of a flow, set to come back to `next` once saved. */
export function agreementPathFor(flow: WalletFlow, next?: string): string {
  return next ? `${flow.agreement}?next=${encodeURIComponent(next)}` : flow.agreement;
}
