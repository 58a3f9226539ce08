/**
 * Calls to a device (a site, a charger) wherever its connection is held: the port the station
 * adapters call through, which platform/devices.ts implements over the holder registry and the bus.
 */

/** A device no process holds, or whose holder did not answer in time. */
export class DeviceOffline extends Error {
  readonly key: string;
  constructor(key: string, cause?: unknown) {
    super(`no process reaches ${key}`, cause === undefined ? undefined : { cause });
    this.name = 'DeviceOffline';
    this.key = key;
  }
}

/** The device's own answer that it refuses or cannot do the call (a CALLERROR on the wire). */
export class DeviceCallError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'DeviceCallError';
    this.code = code;
  }
}

/** Runs a call on a connection this process holds; throws DeviceCallError for the device's refusal. */
export type LocalCall = (action: string, payload: unknown) => Promise<unknown>;

export interface DeviceCalls {
  /** The connection this process now holds for a device; answers the function that drops it. */
  hold(key: string, token: number, call: LocalCall): () => void;
  /** A call to a device wherever it is held; throws DeviceOffline or DeviceCallError. */
  call(key: string, action: string, payload: unknown): Promise<unknown>;
  /** Whether this process holds the device now. */
  holds(key: string): boolean;
  close(): void;
}

export type CallAnswer =
  { ok: true; result: unknown } | { ok: false; code: string; message: string };

/** Which process holds each device's connection (platform/devices.ts keeps it). */
export interface Holder {
  node: string;
  token: number;
}

export interface DeviceHolders {
  /** This process's id: it names the holder in the registry and the target of a call. */
  readonly node: string;
  /** Records this process as the device's holder; answers the new fencing token. */
  claim(key: string): Promise<number>;
  /** The process that holds the device, or null when none does. */
  holderOf(key: string): Promise<Holder | null>;
  /** Lets the device go, unless a newer claim (a larger token) has replaced this one. */
  release(key: string, token: number): Promise<void>;
  /**
   * Whether the process `node` still runs: each process says so every second, and a killed one
   * stops, so a call for a device it held fails at once instead of waiting out its timeout.
   */
  alive(node: string): Promise<boolean>;
  close(): Promise<void>;
}
