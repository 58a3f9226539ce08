import { createPaths, isBelow, paths } from '../../lib/paths.ts';

/**
 * The wallet's screens are reached from the profile and from registration (spec §2); each
 * flow has its own paths, and every step of a flow leads to the next step of the same flow.
 * The paths themselves come from the app's registry (lib/paths.ts).
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

/** `slug` is the own-card segment; the app's comes from its configuration. */
export function walletFlows(slug?: string): Record<WalletFlow['name'], WalletFlow> {
  const p = slug === undefined ? paths : createPaths(slug);
  return {
    profile: {
      name: 'profile',
      cardReturn: p.paymentMethods,
      agreement: p.paymentAgreement,
      ownCardCreate: p.ownCardCreate,
      ownCardAdd: p.ownCardAdd,
      ownCardCreateDone: p.ownCardCreateComplete,
      ownCardAddDone: p.ownCardAddComplete,
      done: p.paymentMethods,
    },
    register: {
      name: 'register',
      cardReturn: p.registerPaymentMethod,
      agreement: p.registerAgreement,
      ownCardCreate: p.registerOwnCardCreate,
      ownCardAdd: p.registerOwnCardAdd,
      ownCardCreateDone: p.registerCompleted,
      ownCardAddDone: p.registerCompleted,
      done: p.registerCompleted,
    },
  };
}

export function flowForPath(pathname: string, slug?: string): WalletFlow {
  const flows = walletFlows(slug);
  return isBelow(pathname, paths.register) ? flows.register : flows.profile;
}

/**
 * Where the agreement form goes once saved. `?next=` is honoured only for a step of the same
 * flow (the provider card, which needs an agreement first), never for an arbitrary path.
 * `null` means stay: /profile/agreement is the agreement's own page.
 */
export function afterAgreementSaved(
  pathname: string,
  next: string | null,
  slug?: string,
): string | null {
  const flow = flowForPath(pathname, slug);
  if (next !== null && next === flow.ownCardCreate) return next;
  if (pathname === paths.profileAgreement) return null;
  return flow.done;
}

/** The agreement form of a flow, set to come back to `next` once saved. */
export function agreementPathFor(flow: WalletFlow, next?: string): string {
  return next ? `${flow.agreement}?next=${encodeURIComponent(next)}` : flow.agreement;
}
