import { RPCClient } from 'ocpp-rpc';
import { CarwashError, type CarwashEvent } from '../integrations/carwash/port.ts';
import type { CarwashSim } from '../integrations/carwash/sim.ts';
import { ForecourtError, type ForecourtEvent } from '../integrations/forecourt/port.ts';
import type { ForecourtSim } from '../integrations/forecourt/sim.ts';
import { MIN_TICK_MS, simClock, type SimLog } from '../integrations/forecourt/sim-clock.ts';
import type { BeverageMachineEvent } from '../integrations/beverage-machine/port.ts';
import {
  MachineUnreachable,
  type BeverageMachineSim,
} from '../integrations/beverage-machine/sim.ts';
import { outbox } from '../integrations/ocpp-sim/outbox.ts';
import { SimChargerUnknown, type ChargerFleet } from '../integrations/ocpp-sim/index.ts';
import type { KitchenReport, KitchenVerdict } from '../integrations/kitchen/port.ts';
import type { KitchenSim } from '../integrations/kitchen/sim.ts';
import {
  kitchenOrderRequest,
  rejected,
  signPricesRequest,
  SITE_PROTOCOL,
  type PlatformCall,
} from '../integrations/site/protocol.ts';

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];

export interface SiteClientOptions {
  /** The platform's site endpoint without the site id, e.g. ws://127.0.0.1:3000/site. */
  url: string;
  site: string;
  password: string;
  pumps: number[];
  bays: number[];
  forecourt: ForecourtSim;
  carwash: CarwashSim;
  /** The coffee machines the station process plays; `owns` records a machine this site commands. */
  machines?: { sim: BeverageMachineSim; owns(machineId: string): void } | null;
  /** The station kitchen's system, at a site that sells food. */
  kitchen?: KitchenSim | null;
  /** The chargers the station process plays, whose controls any of its sites answers. */
  fleet?: ChargerFleet | null;
  /** SIM_SPEED: the reconnect back-off runs this many times faster, as the devices do. */
  speed: number;
  log: SimLog & { info(obj: object, msg: string): void };
}

export interface SiteClient {
  /** A report of one of this site's devices, sent in order; sales and states wait for a reconnect. */
  report(event: ForecourtEvent | CarwashEvent | BeverageMachineEvent): void;
  /** A step of the site's kitchen, kept until the platform answers it; resolves with its verdict. */
  kitchen(report: KitchenReport): Promise<KitchenVerdict>;
  /** Resolves once the platform accepted the site's Boot. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A refusal of the equipment in the protocol's words: a Rejected result with its reason. */
function refusing<T>(run: () => Promise<T>): Promise<T | { status: 'Rejected'; reason: string }> {
  return run().catch((error: unknown) => {
    if (error instanceof ForecourtError || error instanceof CarwashError)
      return { status: 'Rejected' as const, reason: error.code };
    if (error instanceof SimChargerUnknown)
      return { status: 'Rejected' as const, reason: 'not_found' };
    if (error instanceof MachineUnreachable)
      return { status: 'Rejected' as const, reason: 'unreachable' };
    throw error;
  });
}

/**
 * One site's connection to the platform, as a forecourt and car-wash controller keeps it: it
 * dials out, boots, tells every pump's and bay's state, and from then on answers the platform's
 * calls and reports what its devices do. A sale or a state is kept while the connection is down
 * and sent, in order, once it is back; fuelling progress is only worth sending live.
 */
export function siteClient(o: SiteClientOptions): SiteClient {
  const { site, forecourt, carwash, log } = o;
  const clock = simClock(o.speed);
  const scaled = (ms: number) => Math.max(MIN_TICK_MS, ms / o.speed);
  let up = false;
  let booted = false;
  let closed = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let bootedOnce: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (bootedOnce = resolve));

  const client = new RPCClient({
    endpoint: o.url,
    identity: site,
    protocols: [SITE_PROTOCOL],
    password: o.password,
    strictMode: false,
    reconnect: true,
    callTimeoutMs: 15_000,
    backoff: {
      initialDelay: scaled(1_000),
      maxDelay: Math.max(scaled(1_000) + 1, scaled(10_000)),
      factor: 2,
      randomisationFactor: 0.25,
    },
  } as Partial<ClientOptions> as ClientOptions);

  const box = outbox({
    clock,
    call: (method, params) => client.call(method, params),
    canSend: () => up && booted && !closed,
    warn: (context, message) => log.warn({ site, ...context }, message),
  });

  const answer = (call: PlatformCall, run: (p: Record<string, unknown>) => Promise<unknown>) => {
    client.handle(
      call,
      ({ params }) =>
        refusing(() => run(params as Record<string, unknown>)) as Promise<Record<string, unknown>>,
    );
  };
  const n = (value: unknown) => Number(value);
  const s = (value: unknown) => String(value);

  answer('Forecourt.Status', async () => ({ pumps: await forecourt.pumps(site) }));
  answer('Pump.Authorise', async (p) => {
    await forecourt.authorise(site, n(p.pump), {
      reference: s(p.reference),
      limit: n(p.limit),
      grade: s(p.grade),
      unitPrice: n(p.unitPrice),
    });
    return { status: 'Accepted' };
  });
  answer('Pump.Cancel', async (p) => ({
    status:
      (await forecourt.cancel(site, n(p.pump), s(p.reference))) === 'too_late'
        ? 'TooLate'
        : 'Cancelled',
  }));
  answer('Sale.Lookup', (p) => forecourt.lookup(site, n(p.pump), s(p.reference)));
  answer('PriceSign.Show', async (p) => {
    const prices = signPricesRequest.parse(p.prices);
    await forecourt.showPrices(site, prices);
    return { status: 'Accepted' };
  });
  answer('CarWash.Status', async () => ({ bays: await carwash.bays(site) }));
  answer('Bay.Load', async (p) => {
    await carwash.load(site, n(p.bay), {
      reference: s(p.reference),
      programme: s(p.programme),
      durationSeconds: n(p.durationSeconds),
    });
    return { status: 'Accepted' };
  });
  for (const [call, verb] of [
    ['Bay.Start', 'start'],
    ['Bay.Stop', 'stop'],
    ['Bay.Resume', 'resume'],
    ['Bay.Cancel', 'cancel'],
  ] as const)
    answer(call, async (p) => {
      await carwash[verb](site, n(p.bay), s(p.reference));
      return { status: 'Accepted' };
    });
  answer('Bay.Lookup', (p) => carwash.lookup(site, n(p.bay), s(p.reference)));
  // The simulator page's hands at the pump and the bay.
  answer('Sim.Pump', (p) => {
    const pump = n(p.pump);
    switch (p.action) {
      case 'lift':
        return forecourt.lift(site, pump, typeof p.litres === 'number' ? { litres: p.litres } : {});
      case 'hangup':
        return forecourt.hangup(site, pump);
      case 'fault':
        return forecourt.fault(site, pump);
      case 'offline':
        return forecourt.offline(site, pump);
      case 'online':
        return forecourt.online(site, pump);
      default:
        return forecourt.status(site, pump);
    }
  });
  answer('Sim.Pumps', async () => ({ pumps: await forecourt.snapshot(site) }));
  answer('Sim.Sign', async () => ({ prices: await forecourt.sign(site) }));
  answer('Sim.Bay', (p) => {
    const bay = n(p.bay);
    switch (p.action) {
      case 'fault':
        return carwash.fault(site, bay);
      case 'offline':
        return carwash.offline(site, bay);
      case 'online':
        return carwash.online(site, bay);
      default:
        return carwash.status(site, bay);
    }
  });
  answer('Sim.Bays', async () => ({ bays: await carwash.snapshot(site) }));
  const machines = o.machines;
  if (machines) {
    const { sim } = machines;
    const machineOf = (p: Record<string, unknown>) => {
      const id = s(p.machine);
      machines.owns(id);
      return id;
    };
    answer('Machine.ShowCode', async (p) => {
      await sim.showCode(machineOf(p), s(p.transaction), s(p.url), new Date(s(p.expiresAt)));
      return { status: 'Accepted' };
    });
    answer('Machine.Pour', async (p) => ({
      answer: await sim.pour(machineOf(p), s(p.transaction)),
    }));
    answer('Machine.Status', async (p) => {
      const state = await sim.state(machineOf(p));
      return { state: state.state, transaction: state.transactionId };
    });
    answer('Machine.Transaction', async (p) => ({
      answer: await sim.transaction(machineOf(p), s(p.transaction)),
    }));
    answer('Sim.Machine', (p) => {
      const id = machineOf(p);
      if (p.action === 'online' || p.action === 'offline') sim.setOnline(id, p.action === 'online');
      if (p.action === 'outOfOrder' || p.action === 'inOrder')
        sim.setOutOfOrder(id, p.action === 'outOfOrder');
      return Promise.resolve({ ...sim.peek(id), code: sim.codeOf(id) });
    });
  }
  const { kitchen } = o;
  answer('Kitchen.Order', (p) => {
    if (!kitchen) return Promise.resolve({ status: 'Rejected', reason: 'no_kitchen' });
    const ticket = kitchenOrderRequest.safeParse(p);
    if (!ticket.success) return Promise.resolve({ status: 'Rejected', reason: 'bad_order' });
    const t = ticket.data;
    const date = (iso: string | null) => (iso === null ? null : new Date(iso));
    kitchen.take(site, {
      orderId: t.order,
      number: t.number,
      state: t.state,
      lines: t.lines,
      placedAt: new Date(t.placedAt),
      acceptedAt: date(t.acceptedAt),
      readyBy: date(t.readyBy),
      readyAt: date(t.readyAt),
    });
    return Promise.resolve({ status: 'Accepted' });
  });
  const { fleet } = o;
  if (fleet) {
    answer('Sim.Chargers', () => Promise.resolve({ chargers: fleet.state() }));
    answer('Sim.Charger', (p) =>
      fleet.act(
        s(p.identity),
        n(p.connectorId),
        p.action as Parameters<ChargerFleet['act']>[2],
        typeof p.idTag === 'string' ? p.idTag : undefined,
      ),
    );
  }

  function report(event: ForecourtEvent | CarwashEvent | BeverageMachineEvent) {
    if (!('type' in event)) {
      const { machineId, state, transactionId } = event;
      box.push({
        method: 'MachineStatus',
        keep: true,
        // A newer state replaces one not yet sent, but never a cup's "done": the platform
        // settles the cup on it, and the machine's next "idle" would otherwise swallow it.
        statusOf:
          state === 'done' ? `m:${machineId}:done:${String(transactionId)}` : `m:${machineId}`,
        params: () => ({ machine: machineId, state, transaction: transactionId }),
      });
      return;
    }
    switch (event.type) {
      case 'progress': {
        const { pump, reference, volumeMl, amount } = event;
        box.push({
          method: 'FuellingProgress',
          keep: false,
          params: () => ({ pump, reference, volumeMl, amount }),
        });
        return;
      }
      case 'sale':
        box.push({
          method: 'Sale',
          keep: true,
          params: () => ({ sale: { ...event.sale, at: event.sale.at.toISOString() } }),
        });
        return;
      case 'pump': {
        const { pump, state, reference } = event;
        box.push({
          method: 'PumpStatus',
          keep: true,
          statusOf: pump,
          params: () => ({ pump, state, reference }),
        });
        return;
      }
      case 'bay': {
        const { bay, state, reference, remainingSeconds } = event;
        box.push({
          method: 'BayStatus',
          keep: true,
          statusOf: 1000 + bay,
          params: () => ({ bay, state, reference, remainingSeconds }),
        });
        return;
      }
    }
  }

  function reportKitchen({ orderId, step, readyInMinutes }: KitchenReport) {
    return new Promise<KitchenVerdict>((resolve) => {
      box.push({
        method: 'KitchenStatus',
        keep: true,
        params: () => ({
          order: orderId,
          step,
          ...(readyInMinutes === undefined ? {} : { readyInMinutes }),
        }),
        onResult: (result) => {
          const refusal = rejected.safeParse(result);
          resolve(refusal.success ? { ok: false, reason: refusal.data.reason } : { ok: true });
        },
        onRefused: () => resolve({ ok: false, reason: 'refused' }),
      });
    });
  }

  async function boot() {
    let heartbeatSeconds = 30;
    try {
      const answer = (await client.call('Boot', {
        vendor: 'Støð',
        model: 'Station simulator',
        simulated: true,
        pumps: o.pumps,
        bays: o.bays,
        kitchen: Boolean(o.kitchen),
      })) as { heartbeatSeconds?: unknown };
      if (typeof answer.heartbeatSeconds === 'number' && answer.heartbeatSeconds > 0)
        heartbeatSeconds = answer.heartbeatSeconds;
    } catch (error) {
      log.warn({ site, err: error }, 'site boot not answered; the connection is tried again');
      await client.close({ code: 1011, reason: 'Boot failed' }).catch(() => undefined);
      if (!closed) redial = setTimeout(dial, 5_000 / o.speed);
      return;
    }
    booted = true;
    // The platform learns every device's state anew, then what waited (sales first made).
    if (o.pumps.length > 0)
      for (const status of await forecourt.pumps(site).catch(() => []))
        report({ type: 'pump', site, ...status });
    if (o.bays.length > 0)
      for (const status of await carwash.bays(site).catch(() => []))
        report({ type: 'bay', site, ...status });
    clock.cancel(heartbeat);
    // The clock runs `speed` times faster; the heartbeat keeps the platform's pace.
    heartbeat = clock.every(heartbeatSeconds * 1000 * o.speed, () => {
      box.push({ method: 'Heartbeat', keep: false, params: () => ({}) });
    });
    box.flush();
    bootedOnce();
  }

  client.on('open', () => {
    up = true;
    booted = false;
    void boot();
  });
  client.on('close', ({ code }: { code: number }) => {
    // A newer connection of this site took over elsewhere: this one does not fight it.
    if (code === 4000) {
      log.warn({ site }, 'site connection replaced by a newer one; this one stops');
      closed = true;
      void client.close({ force: true }).catch(() => undefined);
    }
    up = false;
    booted = false;
    clock.cancel(heartbeat);
    box.dropTransient();
  });
  client.on('error', (error: Error) => {
    log.debug({ site, err: error }, 'site connection error');
  });
  // A first dial that fails (the platform not up yet) is tried again, and keeps the process
  // alive meanwhile; once connected, the library itself reconnects after a drop.
  let failures = 0;
  let redial: NodeJS.Timeout | null = null;
  function dial() {
    redial = null;
    if (closed || client.state !== RPCClient.CLOSED) return;
    client.connect().then(
      () => {
        failures = 0;
      },
      (error: unknown) => {
        if (closed) return;
        failures += 1;
        // The platform starting beside it refuses a few dials; only a long wait is worth a word.
        if (failures === 8)
          log.warn({ site, err: error }, 'site cannot reach the platform; retrying');
        redial = setTimeout(dial, Math.min(10_000, 250 * 2 ** failures) / o.speed);
      },
    );
  }
  dial();

  return {
    report,
    kitchen: reportKitchen,
    ready: () => ready,
    async close() {
      closed = true;
      if (redial) clearTimeout(redial);
      clock.close();
      await client.close({ code: 1001, reason: 'Station closing', force: true });
    },
  };
}
