import type { BeverageMachineState } from '@stod/domain';

/**
 * The coffee machines, as their vendor's service reaches them. A customer's choice on a machine
 * becomes a pending transaction with a one-time hash, which the machine shows as a QR code
 * (`showCode`); once paid for, `pour` makes it pour, and the machine reports each state.
 */

export interface BeverageMachineEvent {
  machineId: string;
  state: BeverageMachineState;
  /** The transaction the machine is busy with, if any. */
  transactionId: string | null;
}

export type PourAnswer = 'pouring' | 'busy' | 'out of order' | 'unknown' | 'unreachable';

/** What a machine knows of one transaction: still shown, pouring, poured, or nothing. */
export type TransactionAnswer = 'awaiting payment' | 'pouring' | 'done' | 'unknown';

export interface BeverageMachinesPort {
  /**
   * The machine shows the code of a pending transaction until `expiresAt`: the QR code of `url`,
   * and `code` printed under it for a phone without a camera.
   */
  showCode(
    machineId: string,
    transactionId: string,
    url: string,
    expiresAt: Date,
    code?: string,
  ): Promise<void>;
  /** Pours the transaction the machine shows; a repeat for the same one answers 'pouring'. */
  pour(machineId: string, transactionId: string): Promise<PourAnswer>;
  state(machineId: string): Promise<BeverageMachineEvent>;
  /** The machine's word on one transaction, for a pour whose end was never heard. */
  transaction(machineId: string, transactionId: string): Promise<TransactionAnswer>;
  subscribe(listener: (event: BeverageMachineEvent) => void): () => void;
  close(): Promise<void>;
}

/** A machine as the simulator page shows it: reached or not, and the code it shows. */
export interface MachineView {
  state: BeverageMachineState;
  transactionId: string | null;
  online: boolean;
  /** The link its QR code shows while a drink waits for payment, else null. */
  code: string | null;
}

/** The simulator page's hands at a coffee machine, wherever the machine runs. */
export interface BeverageMachineControls {
  view(machineIds: string[]): Promise<MachineView[]>;
  setOnline(machineId: string, online: boolean): Promise<void>;
  setOutOfOrder(machineId: string, outOfOrder: boolean): Promise<void>;
}

export type BeverageMachinesWithControls = BeverageMachinesPort & BeverageMachineControls;
