import { z } from 'zod';
import { beverageMachineStates } from './beverages.ts';
import { bayStates } from './carwash.ts';
import { strict } from './fields.ts';
import { pumpStates } from './fuel.ts';
import type { ErrorKey } from './errors.ts';

/**
 * A station transaction: a refuelling at a pump or a wash in a bay, paid from the phone. The
 * service moves it through the machine below; `decide` says what each controller event or user
 * action does to it and which money step follows, so the service, its reconciliation and the
 * property test all follow one table.
 */

export const stationTransactionServices = ['fuel', 'carwash'] as const;
export type StationTransactionService = (typeof stationTransactionServices)[number];

export const stationTransactionStates = [
  /** The hold is being placed and the pump authorised or the programme loaded. */
  'starting',
  /** Fuel: the pump waits for the nozzle. Wash: the programme waits for the start. */
  'ready',
  'fuelling',
  /** Fuel: the final sale is in; the capture and the receipt follow. */
  'settling',
  'countdown',
  'washing',
  /** Wash: stopped by the customer or a fault; only staff can resume it. */
  'stopped',
  'completed',
  'cancelled',
  /** The nozzle was not lifted, or the wash not started, in time. */
  'expired',
  'failed',
] as const;
export type StationTransactionState = (typeof stationTransactionStates)[number];

export const FINAL_STATES: readonly StationTransactionState[] = [
  'completed',
  'cancelled',
  'expired',
  'failed',
];
export const isFinalState = (state: StationTransactionState) => FINAL_STATES.includes(state);

/**
 * What a customer may start beside the refuelling or wash they have open (decision 0061), as the
 * message of the refusal, or null when the start may go on. Spec §4: one at a time, so anything
 * under way refuses every start. A stopped wash is not under way: it waits for staff to resume it
 * (CARWASH_RESUME_MINUTES) with its price paid. A fill may start beside it; another wash may not,
 * as the one paid for would be left behind. The API refuses by this rule and the app says it.
 */
export function startRefusal(
  open: {
    service: StationTransactionService;
    state: StationTransactionState;
    finishedAt: Date | string | null;
  } | null,
  service: StationTransactionService,
): 'error.transactionActive' | 'error.washStopped' | null {
  if (!open || open.finishedAt !== null || isFinalState(open.state)) return null;
  if (open.service === 'carwash' && open.state === 'stopped') {
    return service === 'carwash' ? 'error.washStopped' : null;
  }
  return 'error.transactionActive';
}

/** Spec §4 labels: refuelling (ready, in progress, complete, cancel) and wash (ready, countdown, in progress, finished). */
export const transactionLabels = [
  'ready',
  'countdown',
  'inProgress',
  'complete',
  'stopped',
  'cancelled',
] as const;
export type TransactionLabel = (typeof transactionLabels)[number];

export function labelOf(state: StationTransactionState): TransactionLabel {
  switch (state) {
    case 'starting':
    case 'ready':
      return 'ready';
    case 'countdown':
      return 'countdown';
    case 'fuelling':
    case 'settling':
    case 'washing':
      return 'inProgress';
    case 'stopped':
      return 'stopped';
    case 'completed':
      return 'complete';
    case 'cancelled':
    case 'expired':
    case 'failed':
      return 'cancelled';
  }
}

/** The events and actions that move a transaction. */
export type TransactionEvent =
  | { type: 'authorised' }
  | { type: 'refused'; reason: TransactionErrorKey }
  | { type: 'lifted' }
  | { type: 'sale'; amount: number }
  | { type: 'settled' }
  | { type: 'cancel' }
  | { type: 'timeout' }
  | { type: 'start' }
  | { type: 'startFailed' }
  | { type: 'washing' }
  | { type: 'stop' }
  | { type: 'fault' }
  | { type: 'resume' }
  | { type: 'finished' };

/** The money step that follows a transition; each is keyed by the transaction and the step. */
export type MoneyStep = { kind: 'void' } | { kind: 'capture'; amount: number } | { kind: 'none' };

export interface Decision {
  state: StationTransactionState;
  money: MoneyStep;
  /** The error the transaction ends with, if it ends in one. */
  error?: TransactionErrorKey;
}

export type TransactionErrorKey = Extract<
  ErrorKey,
  | 'error.fuelFunds'
  | 'error.pumpUnavailable'
  | 'error.nozzleTimeout'
  | 'error.carwashStart'
  | 'error.carwashUnavailable'
  | 'error.notEnoughFunds'
  | 'error.paymentUnsuccessful'
  | 'error.cardExpired'
  | 'error.approvePayment'
  | 'error.washTimeout'
>;

const none: MoneyStep = { kind: 'none' };
const voided: MoneyStep = { kind: 'void' };

/**
 * What an event does to a transaction in a state, or null when it does nothing there (a repeat,
 * a late or out-of-order event). `held` is the hold on the card; a capture never exceeds it.
 */
export function decide(
  service: StationTransactionService,
  state: StationTransactionState,
  event: TransactionEvent,
  held: number,
): Decision | null {
  if (isFinalState(state)) return null;
  switch (event.type) {
    case 'authorised':
      return state === 'starting' ? { state: 'ready', money: none } : null;
    case 'refused':
      return state === 'starting' || state === 'ready'
        ? { state: 'failed', money: voided, error: event.reason }
        : null;
    case 'cancel':
      return state === 'starting' || state === 'ready'
        ? { state: 'cancelled', money: voided }
        : null;
    case 'timeout':
      return state === 'ready'
        ? {
            state: 'expired',
            money: voided,
            error: service === 'fuel' ? 'error.nozzleTimeout' : 'error.washTimeout',
          }
        : null;
    case 'lifted':
      return service === 'fuel' && (state === 'ready' || state === 'starting')
        ? { state: 'fuelling', money: none }
        : null;
    case 'sale': {
      if (service !== 'fuel' || !['starting', 'ready', 'fuelling'].includes(state)) return null;
      const amount = Math.min(Math.max(0, event.amount), held);
      // A nozzle lifted and hung up without fuel sells nothing: the hold goes back.
      if (amount === 0) return { state: 'cancelled', money: voided };
      return { state: 'settling', money: { kind: 'capture', amount } };
    }
    case 'settled':
      return state === 'settling' ? { state: 'completed', money: none } : null;
    case 'start':
      return service === 'carwash' && state === 'ready'
        ? { state: 'countdown', money: { kind: 'capture', amount: held } }
        : null;
    case 'startFailed':
      return service === 'carwash' && state === 'ready'
        ? { state: 'failed', money: voided, error: 'error.carwashStart' }
        : null;
    case 'washing':
      return service === 'carwash' && state === 'countdown'
        ? { state: 'washing', money: none }
        : null;
    case 'stop':
    case 'fault':
      return service === 'carwash' && (state === 'countdown' || state === 'washing')
        ? { state: 'stopped', money: none }
        : null;
    case 'resume':
      return service === 'carwash' && state === 'stopped'
        ? { state: 'washing', money: none }
        : null;
    case 'finished':
      return service === 'carwash' && ['countdown', 'washing', 'stopped'].includes(state)
        ? { state: 'completed', money: none }
        : null;
  }
}

export const stationTransactionSchema = z.object({
  id: z.uuid(),
  service: z.enum(stationTransactionServices),
  state: z.enum(stationTransactionStates),
  label: z.enum(transactionLabels),
  stationId: z.number().int(),
  stationName: z.string(),
  /** The pump's number for fuel, the bay's for a wash. */
  point: z.number().int(),
  product: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    /** Øre per litre for fuel, per wash for a wash. */
    price: z.number().int(),
  }),
  paidWith: z.enum(['card', 'voucher']),
  paymentMethodId: z.string().nullable(),
  /** Litres so far (fuel), three decimals. */
  litres: z.number().nullable(),
  /** Øre so far (fuel) or the programme's price (wash). */
  amount: z.number().int(),
  held: z.number().int(),
  /** What the card was charged. */
  captured: z.number().int(),
  /** What the voucher balance paid. */
  fromBalance: z.number().int(),
  released: z.number().int(),
  /** The controller cannot be reached; a refuelling may go on and the receipt follows. */
  connectionLost: z.boolean(),
  /** Until when the nozzle must be lifted (fuel) or the wash started. */
  deadline: z.string().nullable(),
  /** Wash: the countdown's end, the programme's length and when the wash ends. */
  countdownEndsAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  remainingSeconds: z.number().int().nullable(),
  errorKey: z.string().nullable(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StationTransaction = z.infer<typeof stationTransactionSchema>;

export const activeTransactionSchema = z.object({
  transaction: stationTransactionSchema.nullable(),
});

/** A pump or bay as the selection screens show it. */
export const pointStates = ['free', 'busy', 'unavailable'] as const;
export type PointState = (typeof pointStates)[number];
export const stationPointsSchema = z.object({
  items: z.array(z.object({ number: z.number().int(), state: z.enum(pointStates) })),
});
export type StationPoints = z.infer<typeof stationPointsSchema>;

/** A station's pumps and bays as the staff console shows them, each with its open transaction. */
export const stationLiveSchema = z.object({
  station: z.object({ id: z.number().int(), name: z.string() }),
  pumps: z.array(
    z.object({
      number: z.number().int(),
      state: z.enum(pumpStates),
      transaction: stationTransactionSchema.nullable(),
      /** Taken out of service by staff: the app starts nothing here. */
      outOfService: z.boolean().default(false),
    }),
  ),
  bays: z.array(
    z.object({
      number: z.number().int(),
      state: z.enum(bayStates),
      remainingSeconds: z.number().int().nullable(),
      transaction: stationTransactionSchema.nullable(),
      outOfService: z.boolean().default(false),
    }),
  ),
  /** Its coffee machines: the state each reports (null: not reached) and whether staff closed it. */
  machines: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        state: z.enum(beverageMachineStates).nullable(),
        outOfService: z.boolean(),
      }),
    )
    .default([]),
  /** Whether the station sells food, and whether staff paused its kitchen (no new orders). */
  kitchen: z.boolean().default(false),
  kitchenPaused: z.boolean().default(false),
  /** The station accepts an order its kitchen leaves unanswered, instead of letting it expire. */
  kitchenAutoAccept: z.boolean().default(false),
  /** Minutes the kitchen takes for an order: the app's first pickup time. */
  kitchenPrepMinutes: z.number().int().default(10),
  reachable: z.object({ forecourt: z.boolean(), carwash: z.boolean() }),
});
export type StationLive = z.infer<typeof stationLiveSchema>;

/** The kinds of a station's points that staff take out of service one by one. */
export const stationPointKinds = ['pump', 'bay', 'machine'] as const;
export type StationPointKind = (typeof stationPointKinds)[number];

/**
 * `PUT /api/admin/stations/{id}/points/{kind}/{point}`: one pump, bay or coffee machine out of
 * service or back, leaving the others as they are (two staff changing two points lose nothing).
 */
export const pointServiceSchema = strict({
  outOfService: z.boolean({ error: 'validation.invalid' }),
});
export const pointServiceStateSchema = z.object({
  kind: z.enum(stationPointKinds),
  point: z.string(),
  outOfService: z.boolean(),
  /** Since when it is out of service, or null. */
  since: z.string().nullable(),
});
export type PointServiceState = z.infer<typeof pointServiceStateSchema>;
