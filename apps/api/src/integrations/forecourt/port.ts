import type { PumpState, SignPrice } from '@stod/domain';
/**
 * The station's forecourt controller: the pump system that authorises pumps, meters deliveries
 * and keeps the sales journal. It is addressed by the station's pump-system id (`site`, the
 * station's `tokheim_station_id`) and a pump number. Our own reference (the transaction id)
 * travels with an authorisation and comes back on every event and sale that belongs to it.
 */

export type { PumpState, SignPrice };

export interface PumpStatus {
  pump: number;
  state: PumpState;
  /** The reference of the authorisation the pump is working on, if any. */
  reference: string | null;
}

/** The final sale of one delivery, from the controller's journal. */
export interface FuelSale {
  reference: string;
  pump: number;
  grade: string;
  /** Whole millilitres delivered. */
  volumeMl: number;
  /** Øre per litre. */
  unitPrice: number;
  /** Øre, never above the authorised limit. */
  amount: number;
  at: Date;
  /** The delivery ended because the pump failed, not at the nozzle or the limit. */
  fault?: boolean;
}

export type ForecourtEvent =
  | { type: 'pump'; site: string; pump: number; state: PumpState; reference: string | null }
  /** About twice a second while fuelling. */
  | {
      type: 'progress';
      site: string;
      pump: number;
      reference: string;
      volumeMl: number;
      amount: number;
    }
  | { type: 'sale'; site: string; sale: FuelSale };

export type ForecourtRefusal = 'not_found' | 'inactive' | 'taken' | 'offline' | 'unreachable';

export class ForecourtError extends Error {
  readonly code: ForecourtRefusal;
  constructor(code: ForecourtRefusal) {
    super(`forecourt refused: ${code}`);
    this.code = code;
  }
}

export interface PumpAuthorisation {
  reference: string;
  /** The money limit in øre: the pump stops there. */
  limit: number;
  grade: string;
  /** Øre per litre, from the station's price list. */
  unitPrice: number;
}

/** What the journal knows of a reference. */
export type ForecourtLookup =
  | { state: 'authorised' | 'fuelling'; pump: number; volumeMl: number; amount: number }
  | { state: 'sold'; pump: number; sale: FuelSale }
  | { state: 'cancelled' | 'unknown' };

export interface ForecourtController {
  /** Every pump of a site; throws ForecourtError('unreachable') when the site cannot be reached. */
  pumps(site: string): Promise<PumpStatus[]>;
  /**
   * Authorises a pump up to a limit. Repeating the same reference on the same pump answers as
   * the first time. Throws ForecourtError: not_found, inactive, taken, offline, unreachable.
   */
  authorise(site: string, pump: number, authorisation: PumpAuthorisation): Promise<void>;
  /**
   * Withdraws an authorisation whose nozzle has not been lifted. Answers 'too_late' once
   * fuelling has begun (the delivery then runs to its sale).
   */
  cancel(site: string, pump: number, reference: string): Promise<'cancelled' | 'too_late'>;
  /** The journal's word on a reference; throws ForecourtError('offline') while the pump is out of reach. */
  lookup(site: string, pump: number, reference: string): Promise<ForecourtLookup>;
  /**
   * Shows these prices on the site's price sign (the price pole by the road), every grade it has.
   * Answers 'no_sign' when the controller has no sign the platform sets (nor the method); throws
   * ForecourtError('unreachable') when the site cannot be reached, or 'offline' when the sign
   * itself is out of reach.
   */
  showPrices?(site: string, prices: readonly SignPrice[]): Promise<'shown' | 'no_sign'>;
  /** Every event of every site; answers a function that stops listening. */
  subscribe(listener: (event: ForecourtEvent) => void): () => void;
  close(): Promise<void>;
}
