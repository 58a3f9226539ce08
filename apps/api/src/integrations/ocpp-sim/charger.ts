import { DEMO_ID_TAG, type ChargerSimAction } from '@stod/domain';
import { RPCClient } from 'ocpp-rpc';
import { MIN_TICK_MS, type SimClock } from '../forecourt/sim-clock.ts';
import { connectorFloor, type Connector, type Teller } from './connector.ts';
import { chargerControl, connectorView } from './control.ts';
import { handleOperations, type ChargerOperations } from './operations.ts';
import { ocpp16 } from './ocpp16.ts';
import { ocpp201 } from './ocpp201.ts';
import { isAnswer, outbox } from './outbox.ts';
import {
  SimChargerUnknown,
  type SimChargerSpec,
  type SimChargerState,
  type SimFleetLog,
} from './types.ts';

/** Heartbeats when the backend names no interval, and boots again after a refusal without one. */
const HEARTBEAT_DEFAULT_S = 300;
const BOOT_RETRY_DEFAULT_S = 10;
/** Before its first connection a charger dials again after 1 s, doubling up to 30 s (simulated). */
const DIAL_RETRY_MS = [1_000, 30_000] as const;
/** A restarted charger is back on the network this long after it went (simulated). */
const REBOOT_MS = 8_000;
/** Before it restarts, a charger gives its last messages this long to go out (simulated). */
const REBOOT_GRACE_MS = 1_500;
/** A restart or an out-of-service that waits for the transactions looks this often (simulated). */
const IDLE_CHECK_MS = 1_000;
/** A call with no answer on a live connection gives up after this long (real time). */
const CALL_TIMEOUT_MS = 30_000;

export interface ChargerDeps {
  url: string;
  clock: SimClock;
  speed: number;
  random: () => number;
  autoPlug: boolean;
  meterIntervalMs: number;
  log: SimFleetLog;
  tap?: (identity: string, method: string, params: Record<string, unknown>) => void;
  /** The fleet's bound on the chargers dialling at once. */
  limit: <T>(task: () => Promise<T>) => Promise<T>;
}

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];

/**
 * One charger on its own WebSocket: it boots once, heartbeats, reports its connectors and keeps
 * what it could not send while the connection was down, in order, for when it is back.
 */
export function simCharger(spec: SimChargerSpec, deps: ChargerDeps) {
  const { clock, log } = deps;
  const identity = spec.identity;
  /** False after the `offline` action: the charger stays away until `online`. */
  let wanted = true;
  let up = false;
  let booted = false;
  let booting = false;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let dialRetry: NodeJS.Timeout | null = null;
  let dialFailures = 0;
  let bootedOnce: () => void = () => undefined;
  let bootReason: 'PowerUp' | 'RemoteReset' = 'PowerUp';
  let heartbeatS = HEARTBEAT_DEFAULT_S;
  let rebooting = false;
  const ready = new Promise<void>((resolve) => (bootedOnce = resolve));
  /** The status last queued per connector (0: 1.6's charger as a whole). */
  const reported = new Map<number, string>();

  const scaled = (ms: number) => Math.max(MIN_TICK_MS, ms / deps.speed);
  const client = new RPCClient({
    endpoint: deps.url,
    identity,
    protocols: [spec.protocol],
    strictMode: true,
    reconnect: true,
    callTimeoutMs: CALL_TIMEOUT_MS,
    backoff: {
      initialDelay: scaled(1_000),
      maxDelay: Math.max(scaled(1_000) + 1, scaled(10_000)),
      factor: 2,
      randomisationFactor: 0.25,
    },
    ...(spec.password === undefined ? {} : { password: spec.password }),
  } as Partial<ClientOptions> as ClientOptions);

  const box = outbox({
    clock,
    call: (method, params) => {
      deps.tap?.(identity, method, params);
      return client.call(method, params);
    },
    canSend: () => up && booted && !closed,
    warn: (context, message) => log.warn({ identity, ...context }, message),
  });
  const now = () => new Date();
  const offline = () => !(up && booted);

  function report(c: Connector | null, force: boolean) {
    const status = adapter.status(c, now());
    if (!status) return;
    const id = c?.id ?? 0;
    if (!force && reported.get(id) === status.key) return;
    reported.set(id, status.key);
    box.push({
      method: 'StatusNotification',
      keep: true,
      statusOf: id,
      params: () => status.params,
    });
  }

  const tell: Teller = {
    status: (c) => report(c, false),
    started: (c, tx) => box.push(adapter.started(c, tx, now(), offline())),
    metered(c, tx, trigger) {
      const entry = adapter.metered(c, tx, trigger, now(), offline());
      if (entry) box.push(entry);
    },
    ended: (c, tx, reason) => box.push(adapter.ended(c, tx, reason, now(), offline())),
  };

  const floor = connectorFloor({
    clock,
    random: deps.random,
    maxPowerKw: spec.maxPowerKw,
    autoPlug: deps.autoPlug,
    meterIntervalMs: deps.meterIntervalMs,
    tell,
  });
  const adapter = (spec.protocol === 'ocpp1.6' ? ocpp16 : ocpp201)(spec, (c, tx) =>
    floor.deauthorize(c, tx),
  );
  const connectors = Array.from({ length: spec.connectors }, (_, i) => floor.newConnector(i + 1));

  function beat(intervalS: number) {
    clock.cancel(heartbeat);
    const seconds = intervalS > 0 ? intervalS : HEARTBEAT_DEFAULT_S;
    heartbeatS = seconds;
    heartbeat = clock.every(seconds * 1000, () =>
      box.push({ method: 'Heartbeat', keep: false, params: () => ({}) }),
    );
  }

  function accepted(intervalS: number) {
    booted = true;
    beat(intervalS);
    reported.clear();
    report(null, true);
    for (const c of connectors) report(c, true);
    box.flush();
    bootedOnce();
  }

  /** BootNotification until the backend accepts it; a lost connection boots on the next one. */
  async function boot() {
    if (booting || booted) return;
    booting = true;
    const waiting = () => up && !booted && !closed;
    try {
      while (waiting()) {
        let retryS = BOOT_RETRY_DEFAULT_S;
        try {
          const answer = (await client.call('BootNotification', adapter.boot(bootReason))) as {
            status: string;
            interval: number;
          };
          if (answer.status === 'Accepted') {
            bootReason = 'PowerUp';
            accepted(answer.interval);
            return;
          }
          if (answer.interval > 0) retryS = answer.interval;
        } catch (error) {
          if (!isAnswer(error)) return;
          log.warn({ identity, err: error }, 'the backend refused a simulated BootNotification');
        }
        await new Promise<void>((resolve) => clock.after(retryS * 1000, resolve));
      }
    } finally {
      booting = false;
    }
  }

  client.on('open', () => {
    if (closed) return;
    up = true;
    dialFailures = 0;
    // A charger that only lost its network does not boot again: it sends what waited.
    if (booted) box.flush();
    else void boot();
  });
  client.on('disconnect', () => {
    up = false;
    box.dropTransient();
  });
  client.on(
    'strictValidationFailure',
    (event: { method: string; outbound: boolean; isCall: boolean; error: unknown }) =>
      log.warn(
        { identity, method: event.method, outbound: event.outbound, err: event.error },
        'an OCPP message failed strict validation',
      ),
  );

  const stayAway = () => closed || !wanted;

  /** Dials the backend; until the first success ocpp-rpc does not, so the charger tries again. */
  async function dial() {
    clock.cancel(dialRetry);
    dialRetry = null;
    const connected = await deps.limit(async () => {
      if (stayAway() || client.state !== RPCClient.CLOSED) return true;
      try {
        await client.connect();
        return true;
      } catch (error) {
        // Closed or sent offline while dialling: the abort is ours, not the backend's.
        if (stayAway()) return true;
        if (dialFailures === 0)
          log.warn({ identity, err: error }, 'a simulated charger could not connect; retrying');
        return false;
      }
    });
    if (connected || stayAway()) return;
    dialFailures += 1;
    const delay = Math.min(DIAL_RETRY_MS[1], DIAL_RETRY_MS[0] * 2 ** (dialFailures - 1));
    dialRetry = clock.after(delay * (0.75 + deps.random() / 2), () => void dial());
  }

  const control = chargerControl({
    protocol: spec.protocol,
    connectors,
    floor,
    adapter,
    push: (entry) => box.push(entry),
    report,
    beat,
  });
  adapter.handle(client, control);

  /**
   * Runs `then` once no connector of `targets` has a transaction, looking every second; answers
   * how to call it off.
   */
  function whenIdle(targets: Connector[], then: () => void): () => void {
    if (targets.every((c) => !c.tx)) {
      then();
      return () => undefined;
    }
    const check = clock.every(IDLE_CHECK_MS, () => {
      if (!closed && targets.some((c) => c.tx)) return;
      clock.cancel(check);
      if (!closed) then();
    });
    return () => clock.cancel(check);
  }
  /** A connector to go out of service once its transaction ends; a later change calls it off. */
  const goingOut = new Map<number, () => void>();

  /**
   * The charger restarts: its last messages go out, the connection drops, and it is back after a
   * while with a BootNotification (2.0.1: RemoteReset). What could not be sent waits in its box.
   */
  function reboot() {
    if (rebooting) return;
    rebooting = true;
    clock.after(REBOOT_GRACE_MS, () => {
      if (closed) return;
      booted = false;
      up = false;
      clock.cancel(heartbeat);
      box.dropTransient();
      bootReason = 'RemoteReset';
      const back = () =>
        clock.after(REBOOT_MS, () => {
          rebooting = false;
          if (!stayAway()) void dial();
        });
      // Back on the network whether the socket closed cleanly or not.
      client.close({ force: true }).then(back, back);
    });
  }

  const operations: ChargerOperations = {
    reset(kind) {
      if (kind === 'hard') {
        for (const c of connectors) if (c.tx) floor.stop(c, 'HardReset');
        reboot();
        return 'Accepted';
      }
      // 1.6's soft reset stops the transactions gracefully; 2.0.1's OnIdle lets them finish.
      if (spec.protocol === 'ocpp1.6') {
        for (const c of connectors) if (c.tx) floor.stop(c, 'SoftReset');
        reboot();
        return 'Accepted';
      }
      const busy = connectors.some((c) => c.tx);
      whenIdle(connectors, reboot);
      return busy ? 'Scheduled' : 'Accepted';
    },
    unlock(connectorId) {
      const c = connectors.find((x) => x.id === connectorId);
      if (!c) return 'Unknown';
      if (c.tx) {
        if (spec.protocol === 'ocpp2.0.1') return 'Ongoing';
        floor.stop(c, 'UnlockCommand');
      }
      return 'Unlocked';
    },
    availability(connectorId, operative) {
      const targets =
        connectorId === 0 ? connectors : connectors.filter((c) => c.id === connectorId);
      if (targets.length === 0) return 'Rejected';
      for (const c of targets) {
        goingOut.get(c.id)?.();
        goingOut.delete(c.id);
      }
      if (operative) {
        for (const c of targets) floor.backInService(c);
        return 'Accepted';
      }
      const busy = targets.filter((c) => c.tx);
      for (const c of targets) if (!c.tx) floor.outOfOrder(c, 'Unavailable');
      for (const c of busy)
        goingOut.set(
          c.id,
          whenIdle([c], () => {
            goingOut.delete(c.id);
            floor.outOfOrder(c, 'Unavailable');
          }),
        );
      return busy.length > 0 ? 'Scheduled' : 'Accepted';
    },
    heartbeatInterval: () => heartbeatS,
    setHeartbeatInterval: (seconds) => beat(seconds),
    setPassword(password) {
      client.reconfigure({ password } as Partial<ClientOptions> as ClientOptions);
    },
  };
  const localListAccepts = handleOperations(client, spec, operations);

  const state = (): SimChargerState => ({
    identity,
    protocol: spec.protocol,
    connected: up,
    connectors: connectors.map((c) => {
      floor.meter(c);
      return connectorView(c, spec.protocol);
    }),
  });

  return {
    identity,
    /** Resolves once the charger has connected and its BootNotification was accepted. */
    ready,
    start: dial,
    state,
    async act(
      connectorId: number,
      action: ChargerSimAction,
      idTag = DEMO_ID_TAG,
    ): Promise<SimChargerState> {
      const c = connectors.find((x) => x.id === connectorId);
      if (!c) throw new SimChargerUnknown(identity, connectorId);
      switch (action) {
        case 'plug':
          floor.plug(c);
          break;
        case 'unplug':
          floor.unplug(c);
          break;
        case 'fault':
          floor.outOfOrder(c, 'Faulted');
          break;
        case 'unavailable':
          floor.outOfOrder(c, 'Unavailable');
          break;
        case 'offline':
          // The network goes: no goodbye, no reconnect; the charger goes on by itself.
          wanted = false;
          clock.cancel(dialRetry);
          dialRetry = null;
          up = false;
          box.dropTransient();
          await client.close({ force: true });
          break;
        case 'online':
          wanted = true;
          await dial();
          break;
        case 'tag':
          // The card that started a transaction ends it; another is first asked about.
          if (c.tx?.start.idTag === idTag) floor.localStop(c);
          // With no backend to ask, the local list decides, and the start waits to be told.
          else if (offline() && localListAccepts(idTag))
            floor.remoteStart(c, { idTag, tokenType: 'ISO14443', remoteStartId: null });
          else
            box.push(
              adapter.authorize(idTag, () =>
                floor.remoteStart(c, { idTag, tokenType: 'ISO14443', remoteStartId: null }),
              ),
            );
          break;
      }
      return state();
    },
    async close() {
      closed = true;
      up = false;
      await client.close({ force: true });
    },
  };
}

export type SimCharger = ReturnType<typeof simCharger>;
