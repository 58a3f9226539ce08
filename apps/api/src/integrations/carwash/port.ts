import type { BayState } from '@stod/domain';
/**
 * The station's car-wash controller. It is addressed by the station's pump-system id (`site`)
 * and a bay number. A programme is loaded under our reference (the transaction id), the customer
 * starts it, the bay counts down while the car drives in, then washes for the programme's length.
 * A stopped wash stays stopped until staff resume it.
 */

export type { BayState };

export interface BayStatus {
  bay: number;
  state: BayState;
  reference: string | null;
  /** Seconds left of the countdown or of the wash, while either runs. */
  remainingSeconds: number | null;
}

export interface CarwashEvent {
  type: 'bay';
  site: string;
  bay: number;
  state: BayState;
  reference: string | null;
  remainingSeconds: number | null;
}

export type CarwashRefusal =
  'not_found' | 'busy' | 'fault' | 'offline' | 'not_ready' | 'unreachable';

export class CarwashError extends Error {
  readonly code: CarwashRefusal;
  constructor(code: CarwashRefusal) {
    super(`car wash refused: ${code}`);
    this.code = code;
  }
}

export interface WashProgramme {
  reference: string;
  /** The programme's code, as the station's products name it. */
  programme: string;
  /** The programme's length. */
  durationSeconds: number;
}

export type CarwashLookup =
  | {
      state: 'ready' | 'countdown' | 'washing' | 'stopped' | 'finished';
      bay: number;
      remainingSeconds: number | null;
    }
  | { state: 'cancelled' | 'unknown' };

export interface CarwashController {
  bays(site: string): Promise<BayStatus[]>;
  /** Loads a programme; the same reference again answers as the first time. */
  load(site: string, bay: number, programme: WashProgramme): Promise<void>;
  /** Starts the countdown of a loaded programme; a repeat while it runs answers as the first. */
  start(site: string, bay: number, reference: string): Promise<void>;
  stop(site: string, bay: number, reference: string): Promise<void>;
  /** Staff only: the stopped wash goes on for the time it had left. */
  resume(site: string, bay: number, reference: string): Promise<void>;
  /** Unloads a programme that has not started. */
  cancel(site: string, bay: number, reference: string): Promise<void>;
  lookup(site: string, bay: number, reference: string): Promise<CarwashLookup>;
  subscribe(listener: (event: CarwashEvent) => void): () => void;
  close(): Promise<void>;
}
