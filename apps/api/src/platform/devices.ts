import { deviceCommands, since } from '../lib/metrics.ts';
import { inSpan } from '../lib/tracing.ts';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  DeviceCallError,
  DeviceOffline,
  type CallAnswer,
  type DeviceCalls,
  type DeviceHolders,
  type Holder,
  type LocalCall,
} from '../integrations/device-calls/port.ts';
import type { Bus } from './bus.ts';

/**
 * Which process holds each device's connection, across every process of an installation.
 *
 * A device (a site, a charger) connects to one process at a time. That process claims the
 * device's key and gets a fencing token: a number that only grows for that key. A newer
 * connection of the same device, on this process or another, claims again with a larger token,
 * and the holder of the older one closes it as soon as it hears of the new claim. A claim of a
 * process that died lapses after HOLD_TTL_MS, so a device nobody holds answers `offline`.
 *
 * Commands reach a device through its holder: whichever process served the request sends the
 * call over the bus to the holder, which runs it on its connection and sends the answer back.
 */

/** A claim lapses this long after its holder last renewed it (a killed process renews nothing). */
export const HOLD_TTL_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** A process says it runs this often, and is taken for dead this long after it last did. */
const HEARTBEAT_EVERY_MS = 1_000;
export const HEARTBEAT_TTL_MS = 3_000;
/** While a call waits for its answer, the holder's heartbeat is checked this often. */
const HOLDER_CHECK_MS = 1_000;

/** One process alone: the registry is a map. */
export function memoryHolders(node: string = randomUUID()): DeviceHolders {
  const held = new Map<string, Holder>();
  const tokens = new Map<string, number>();
  return {
    node,
    claim(key) {
      const token = (tokens.get(key) ?? 0) + 1;
      tokens.set(key, token);
      held.set(key, { node, token });
      return Promise.resolve(token);
    },
    holderOf: (key) => Promise.resolve(held.get(key) ?? null),
    release(key, token) {
      if (held.get(key)?.token === token) held.delete(key);
      return Promise.resolve();
    },
    alive: (other) => Promise.resolve(other === node),
    close: () => Promise.resolve(),
  };
}

// KEYS[1] the holder, KEYS[2] the token counter; ARGV[1] the node, ARGV[2] the TTL in ms.
const CLAIM = `local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
return token`;
// Renews the holder while it is still this claim; puts it back if it vanished (Redis restarted,
// or a renewal came too late) and no newer claim was made since. KEYS[2] the token counter,
// ARGV[3] this claim's token.
const RENEW = `local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not held and redis.call('GET', KEYS[2]) == ARGV[3] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
// Deletes the holder only while it is still this claim.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1]) end
return 0`;

/** Several processes on one Redis: claims are fenced by a counter per device that never goes back. */
export function redisHolders(
  url: string,
  prefix: string,
  node: string = randomUUID(),
  renewEveryMs = RENEW_EVERY_MS,
): DeviceHolders {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    connectionName: `${prefix}holders`.replace(/[^\x21-\x7e]/g, '_'),
  });
  redis.on('error', () => undefined);
  const holderKey = (key: string) => `${prefix}holder:${key}`;
  const tokenKey = (key: string) => `${prefix}holder-token:${key}`;
  const nodeKey = (of: string) => `${prefix}node:${of}`;
  const mine = new Map<string, number>();
  // Sent before any claim on the same connection, so a claim never names a node not yet alive.
  const beat = () =>
    void redis.set(nodeKey(node), '1', 'PX', HEARTBEAT_TTL_MS).catch(() => undefined);
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  const renew = setInterval(() => {
    for (const [key, token] of mine)
      void redis
        .eval(
          RENEW,
          2,
          holderKey(key),
          tokenKey(key),
          `${node}|${String(token)}`,
          String(HOLD_TTL_MS),
          String(token),
        )
        .catch(() => undefined);
  }, renewEveryMs);
  renew.unref();
  return {
    node,
    async claim(key) {
      const token = Number(
        await redis.eval(CLAIM, 2, holderKey(key), tokenKey(key), node, String(HOLD_TTL_MS)),
      );
      mine.set(key, token);
      return token;
    },
    async holderOf(key) {
      const value = await redis.get(holderKey(key));
      if (!value) return null;
      const at = value.lastIndexOf('|');
      return { node: value.slice(0, at), token: Number(value.slice(at + 1)) };
    },
    async release(key, token) {
      if (mine.get(key) === token) mine.delete(key);
      await redis
        .eval(RELEASE, 1, holderKey(key), `${node}|${String(token)}`)
        .catch(() => undefined);
    },
    async alive(of) {
      if (of === node) return true;
      try {
        return (await redis.exists(nodeKey(of))) === 1;
      } catch {
        // Redis does not answer: the call goes on and its own timeout decides.
        return true;
      }
    },
    async close() {
      clearInterval(renew);
      clearInterval(heartbeat);
      await redis.del(nodeKey(node)).catch(() => undefined);
      await redis.quit().catch(() => undefined);
    },
  };
}

interface Held {
  token: number;
  call: LocalCall;
}

/**
 * Calls to devices from any process. A call for a device this process holds runs here; any other
 * goes over the bus to the holder the registry names, and its answer (or refusal) comes back the
 * same way. `onSuperseded` hears that another connection took a device this process holds.
 */
export function deviceCalls(options: {
  bus: Bus;
  holders: DeviceHolders;
  timeoutMs: number;
  onSuperseded?: (key: string, token: number) => void;
}): DeviceCalls {
  const { bus, holders } = options;
  const local = new Map<string, Held>();
  const waiting = new Map<string, (answer: CallAnswer) => void>();

  const runLocal = async (held: Held, action: string, payload: unknown): Promise<CallAnswer> => {
    try {
      return { ok: true, result: await held.call(action, payload) };
    } catch (error) {
      if (error instanceof DeviceCallError)
        return { ok: false, code: error.code, message: error.message };
      return { ok: false, code: 'offline', message: 'the device did not answer' };
    }
  };

  const stops = [
    bus.subscribe('device.call', async ({ requestId, node, key, action, payload }) => {
      if (node !== holders.node) return;
      const held = local.get(key);
      const answer: CallAnswer = held
        ? await runLocal(held, action, payload)
        : { ok: false, code: 'offline', message: 'not held here' };
      await bus.publish('device.callResult', { requestId, ...answer });
    }),
    bus.subscribe('device.callResult', ({ requestId, ...answer }) => {
      waiting.get(requestId)?.(answer);
    }),
    bus.subscribe('device.claimed', ({ key, node, token }) => {
      const held = local.get(key);
      if (!held || (node === holders.node && token === held.token)) return;
      if (token > held.token) {
        local.delete(key);
        options.onSuperseded?.(key, held.token);
      }
    }),
  ];

  const settle = (key: string, answer: CallAnswer): unknown => {
    if (answer.ok) return answer.result;
    if (answer.code === 'offline') throw new DeviceOffline(key);
    throw new DeviceCallError(answer.code, answer.message);
  };

  return {
    hold(key, token, call) {
      const held = { token, call };
      local.set(key, held);
      void bus.publish('device.claimed', { key, node: holders.node, token });
      return () => {
        if (local.get(key) === held) local.delete(key);
      };
    },
    holds: (key) => local.has(key),
    call(key, action, payload) {
      const started = performance.now();
      const kind = key.slice(0, key.indexOf(':'));
      // A span of the request's trace; a call sent to the holder carries it over the bus.
      return inSpan(
        `device ${action}`,
        { 'stod.device': key, 'stod.device.kind': kind },
        async () => {
          try {
            const result = await callHolder(key, action, payload);
            deviceCommands.observe({ kind, action, outcome: 'ok' }, since(started));
            return result;
          } catch (error) {
            const outcome = error instanceof DeviceOffline ? 'offline' : 'refused';
            deviceCommands.observe({ kind, action, outcome }, since(started));
            throw error;
          }
        },
      );
    },
    close() {
      for (const stop of stops) stop();
      local.clear();
    },
  };

  async function callHolder(key: string, action: string, payload: unknown) {
    const here = local.get(key);
    if (here) return settle(key, await runLocal(here, action, payload));
    const holder = await holders.holderOf(key).catch(() => null);
    if (!holder || holder.node === holders.node) throw new DeviceOffline(key);
    // A holder that died is not waited for: its device will dial another process.
    if (!(await holders.alive(holder.node))) throw new DeviceOffline(key);
    const requestId = randomUUID();
    const answer = new Promise<CallAnswer>((resolve) => {
      const done = (value: CallAnswer) => {
        clearTimeout(timer);
        clearInterval(watch);
        waiting.delete(requestId);
        resolve(value);
      };
      const timer = setTimeout(() => {
        done({ ok: false, code: 'offline', message: 'the holder did not answer' });
      }, options.timeoutMs);
      const watch = setInterval(() => {
        void holders.alive(holder.node).then((alive) => {
          if (!alive) done({ ok: false, code: 'offline', message: 'the holder stopped' });
        });
      }, HOLDER_CHECK_MS);
      waiting.set(requestId, done);
    });
    await bus.publish('device.call', { requestId, node: holder.node, key, action, payload });
    return settle(key, await answer);
  }
}
