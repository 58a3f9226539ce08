import type { RPCClient } from 'ocpp-rpc';
import type { Connector, MeterTrigger, RemoteStart, StopReason, Transaction } from './connector.ts';
import type { OutboxEntry } from './outbox.ts';

export const VENDOR = 'Støð';
export const FIRMWARE = 'stod-sim 1.0';

/** The messages a charger sends when the backend asks for them (TriggerMessage). */
export type TriggerKind =
  'BootNotification' | 'Heartbeat' | 'StatusNotification' | 'MeterValues' | 'TransactionEvent';

/** What the backend's calls may do at a charger, whatever the protocol. */
export interface ChargerControl {
  /** Accepted or not; without a connector id the first free connector takes it. */
  remoteStart(connectorId: number | undefined, start: RemoteStart): boolean;
  /** Stops the transaction that matches; false when none does. */
  remoteStop(match: (tx: Transaction) => boolean): boolean;
  /** True when the message can be sent; it goes out right after the answer. */
  trigger(kind: TriggerKind, connectorId: number | undefined): boolean;
  /**
   * The backend's limit on a transaction's power (a `TxProfile`), in W, or none: false when no
   * transaction matches.
   */
  limit(match: (tx: Transaction) => boolean, limitW: number | null, connectorId?: number): boolean;
}

/** A schedule period's limit in W: amperes on the given phases (three unless it says) at 230 V. */
export const wattsOf = (unit: 'A' | 'W', period: { limit: number; numberPhases?: number }) =>
  unit === 'W' ? period.limit : period.limit * 230 * (period.numberPhases ?? 3);

export interface StatusReport {
  /** Equal keys mean the backend would learn nothing new: the report is skipped. */
  key: string;
  params: Record<string, unknown>;
}

/** One OCPP version's words for what the connectors do. */
export interface ProtocolAdapter {
  boot(reason: 'PowerUp' | 'Triggered' | 'RemoteReset'): Record<string, unknown>;
  /** A connector's status, or 1.6's charger as a whole (connector 0) when `c` is null. */
  status(c: Connector | null, at: Date): StatusReport | null;
  started(c: Connector, tx: Transaction, at: Date, offline: boolean): OutboxEntry;
  metered(
    c: Connector,
    tx: Transaction,
    trigger: MeterTrigger,
    at: Date,
    offline: boolean,
  ): OutboxEntry | null;
  ended(c: Connector, tx: Transaction, reason: StopReason, at: Date, offline: boolean): OutboxEntry;
  /** Asks the backend about a card presented at the charger; `accepted` runs if it may charge. */
  authorize(idTag: string, accepted: () => void): OutboxEntry;
  /** A reading outside a transaction, asked for by the backend. */
  meterValues(c: Connector, at: Date): OutboxEntry;
  /** Which TriggerMessage requests this protocol answers. */
  triggers: readonly TriggerKind[];
  /** Registers the handlers of the backend's calls. */
  handle(client: RPCClient, control: ChargerControl): void;
}

/**
 * A card presented at the reader: the Authorize call, not kept while offline (the driver tries
 * again), and `accepted` once the backend's verdict, as `verdictOf` reads it, is Accepted.
 */
export function authorizeCall(
  params: Record<string, unknown>,
  verdictOf: (result: unknown) => string | undefined,
  accepted: () => void,
): OutboxEntry {
  return {
    method: 'Authorize',
    keep: false,
    params: () => params,
    onResult(result) {
      if (verdictOf(result) === 'Accepted') accepted();
    },
  };
}

/** The protocol's hook for a StartTransaction or TransactionEvent answer that refuses the tag. */
export type Deauthorize = (c: Connector, tx: Transaction) => void;

/**
 * Registers a handler of one call. Strict mode has already checked the parameters against the
 * protocol's schema, so the handler names their shape.
 */
export function answer(
  client: RPCClient,
  method: string,
  run: (params: never) => Record<string, unknown>,
) {
  client.handle(method, ({ params }) => Promise.resolve(run(params as never)));
}
