/**
 * The station kitchens' own systems (a kitchen display or printer that the site runs), as the
 * platform reaches them: it hands a kitchen the orders no staffed display of ours answers, and the
 * kitchen reports each step it takes. The kitchen knows an order by its id, so handing it again
 * (after a reconnect, or to a kitchen that restarted) changes nothing it already knows.
 */

export interface KitchenTicket {
  orderId: string;
  /** The number the customer is called by. */
  number: number;
  state: 'placed' | 'accepted' | 'ready';
  lines: { name: string; quantity: number }[];
  placedAt: Date;
  acceptedAt: Date | null;
  readyBy: Date | null;
  readyAt: Date | null;
}

/** A step a kitchen took: accepted (with its ready-by time), ready, or handed over. */
export interface KitchenReport {
  site: string;
  orderId: string;
  step: 'accepted' | 'ready' | 'collected';
  /** With `accepted`: minutes until the food is ready. */
  readyInMinutes?: number;
}

/** The platform's word on a report: taken, or why not (the kitchen then lets the order go). */
export type KitchenVerdict = { ok: true } | { ok: false; reason: string };

/** Why a ticket did not reach a kitchen: the site has none, or nobody reaches the site. */
export type KitchenRefusal = 'no_kitchen' | 'unreachable';

export class KitchenError extends Error {
  readonly code: KitchenRefusal;
  constructor(code: KitchenRefusal) {
    super(`kitchen: ${code}`);
    this.name = 'KitchenError';
    this.code = code;
  }
}

export type KitchenHandler = (report: KitchenReport) => Promise<KitchenVerdict>;

/** The minutes an accept stands for when the kitchen names none. */
export const KITCHEN_READY_IN_MINUTES = 8;

/** The one handler of a process's kitchen reports, as `KitchenSystems.handle` sets it. */
export function handlerSlot() {
  let current: KitchenHandler | null = null;
  return {
    current: () => current,
    handle(next: KitchenHandler) {
      current = next;
      return () => {
        if (current === next) current = null;
      };
    },
  };
}

export interface KitchenSystems {
  /** Hands an order to the site's kitchen; throws KitchenError when it cannot. */
  send(site: string, ticket: KitchenTicket): Promise<void>;
  /** Who applies what the kitchens report (one per process); answers the function that stops it. */
  handle(handler: KitchenHandler): () => void;
  close(): Promise<void>;
}
