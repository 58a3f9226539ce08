import { randomUUID } from 'node:crypto';
import { pickupRefusal, type OpeningHours } from '@stod/domain';
import { POUR_LOST_AFTER_MS } from '../modules/beverages/index.ts';

/**
 * The chaos run's other customers: beside refuelling (chaos.ts), each of these does one whole
 * journey as the app does it, through the HTTP API, with the device simulator's routes
 * (/api/dev/sim/*) where a person acts at the device: a wash, an EV charge, a food order, a
 * coffee (bought once with the card, or poured on a beverage subscription) and buying a
 * subscription. Each keyed request sends a key made once per journey, which `call` sends again
 * on its retries. Each journey reads its transaction until it is final, for two minutes at
 * most, and answers what it came to.
 *
 *   const sites = await discoverSites(call, customers[0].token);
 *   const plan = journeysFor(customers.length, sites);
 *   ... await runJourney(call, customers[i], plan[i]) in each customer's loop
 */

/** The chaos run's request helper: keyed retries, a final answer or { status: 0 }. */
export type Call = (
  what: string,
  path: string,
  init?: { method?: string; token?: string; body?: unknown; key?: string },
  retries?: number,
) => Promise<{ status: number; body: unknown }>;

export interface ChaosCustomer {
  token: string;
  userId: string;
  cardId: string;
}

export const JOURNEY_KINDS = ['wash', 'charge', 'food', 'coffee', 'subscription'] as const;
export type JourneyKind = (typeof JOURNEY_KINDS)[number];

export interface JourneyResult {
  kind: JourneyKind;
  /** The transaction (wash, charge, order, fill or user subscription); null when none was made. */
  id: string | null;
  /** Its last state read, or `refused:<code>` when the API refused to start it. */
  state: string;
  /** Whether it reached a final state within the wait. */
  final: boolean;
  /** Whether that final state is the journey's success (completed, collected, poured, active). */
  ok: boolean;
  /** How long the journey took. */
  ms: number;
  /** Anything worth telling: a fallback taken, a refusal's status. */
  detail?: string;
  /** Nothing was done and nothing is left for this customer to do (a subscriber at the top tier). */
  nothingLeft?: true;
}

/** Each kind's final states, and the one that means it went well. */
export const FINAL_STATES: Record<JourneyKind, readonly string[]> = {
  wash: ['completed', 'cancelled', 'expired', 'failed'],
  charge: ['completed', 'cancelled', 'failed'],
  food: ['collected', 'rejected', 'expired', 'failed'],
  coffee: ['poured', 'failed', 'expired'],
  subscription: ['active', 'cancelled'],
};
export const SUCCESS_STATE: Record<JourneyKind, string> = {
  wash: 'completed',
  charge: 'completed',
  food: 'collected',
  coffee: 'poured',
  subscription: 'active',
};

/** The bounded wait for a final state, and the pause between reads. */
export const FINAL_WAIT_MS = 120_000;
const READ_EVERY_MS = 500;
/** How long a wash customer waits for the bay to be free before booking it anyway. */
const BAY_FREE_WAIT_MS = 30_000;
/** How long the customer lets the car charge before stopping it. */
export const CHARGE_SECONDS = 5;
const COFFEE = 'COFFEE';
/** The refusals a customer at the machine meets with another tap, how often, and how far apart. */
const MACHINE_MOMENTARY = new Set(['MACHINE_UNREACHABLE', 'MACHINE_BUSY']);
const COFFEE_TRIES = 6;
const COFFEE_TRY_AGAIN_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// What the customers can use: found once, through the API, before the run.

/** A wash bay, with the station's shortest programme. */
export interface WashBay {
  stationId: number;
  bay: number;
  productId: number;
  durationSeconds: number;
}
/** A station whose kitchen is open now, with the cheapest dish on its menu. */
export interface Kitchen {
  stationId: number;
  productId: string;
  price: number;
}
/** A connector of a public charger. */
export interface ChargePoint {
  installationId: string;
  chargerId: string;
  identity: string;
  connectorId: number;
}
/** A station's coffee machine: the simulator's drink choice is made on the station's first one. */
export interface CoffeeMachine {
  stationId: number;
  machineId: string;
}
export interface Plan {
  id: number;
  type: string;
  index: number;
  productIds: string[];
}
export interface Sites {
  bays: WashBay[];
  kitchens: Kitchen[];
  connectors: ChargePoint[];
  machines: CoffeeMachine[];
  /** The BEVERAGE plans, lowest tier first. */
  plans: Plan[];
}

interface StationBody {
  id: number;
  services: string[];
  openingHours: OpeningHours;
  carwashBays: number[];
  products: { id: number; service: string; durationSeconds: number | null }[];
}
interface MenuBody {
  products: { id: string; price: number; available: boolean }[];
}
interface InstallationBody {
  id: string;
  access: string;
  chargers: {
    id: string;
    identity: string;
    online: boolean;
    connectors: { connectorId: number; status: string }[];
  }[];
}
interface SimStateBody {
  machines: { machineId: string; state: string; url: string | null }[];
}
interface PlanBody {
  id: number;
  type: string;
  index: number;
  productIds: string;
}

const read = <T>(answer: { body: unknown }) => answer.body as Partial<T> | null;

/** The stations' bays, open kitchens and coffee machines, the public chargers, and the plans. */
export async function discoverSites(call: Call, token: string): Promise<Sites> {
  const now = new Date();
  const list = read<{ items: StationBody[] }>(await call('stations', '/api/stations/stod'));
  const stations = list?.items ?? [];

  const bays: WashBay[] = [];
  for (const s of stations) {
    if (!s.services.includes('carwash')) continue;
    const shortest = s.products
      .filter((p) => p.service === 'carwash')
      .sort((a, b) => (a.durationSeconds ?? Infinity) - (b.durationSeconds ?? Infinity))[0];
    if (!shortest) continue;
    for (const bay of s.carwashBays)
      bays.push({
        stationId: s.id,
        bay,
        productId: shortest.id,
        durationSeconds: shortest.durationSeconds ?? 0,
      });
  }

  const kitchens: Kitchen[] = [];
  const machines: CoffeeMachine[] = [];
  for (const s of stations) {
    if (!s.services.includes('food')) continue;
    const state = read<SimStateBody>(
      await call('sim state', `/api/dev/sim/state?stationId=${String(s.id)}`),
    );
    const machine = state?.machines?.[0];
    if (machine) machines.push({ stationId: s.id, machineId: machine.machineId });
    // An order is taken only while the kitchen is open and stays open until the pickup.
    if (pickupRefusal(s.openingHours, now, 'asap') !== null) continue;
    const menu = read<MenuBody>(await call('menu', `/api/food/stations/${String(s.id)}/menu`));
    const dish = (menu?.products ?? [])
      .filter((p) => p.available)
      .sort((a, b) => a.price - b.price)[0];
    if (dish) kitchens.push({ stationId: s.id, productId: dish.id, price: dish.price });
  }

  const installations = read<{ items: InstallationBody[] }>(
    await call('installations', '/api/installations', { token }),
  );
  const connectors: ChargePoint[] = [];
  for (const installation of installations?.items ?? []) {
    if (installation.access !== 'public') continue;
    for (const charger of installation.chargers) {
      if (!charger.online) continue;
      for (const connector of charger.connectors)
        connectors.push({
          installationId: installation.id,
          chargerId: charger.id,
          identity: charger.identity,
          connectorId: connector.connectorId,
        });
    }
  }

  const planList = read<{ items: PlanBody[] }>(await call('plans', '/api/subscriptions'));
  const plans = (planList?.items ?? [])
    .filter((p) => p.type === 'BEVERAGE')
    .map((p) => ({
      id: p.id,
      type: p.type,
      index: p.index,
      productIds: p.productIds.split(',').map((id) => id.trim()),
    }))
    .sort((a, b) => a.index - b.index);

  return { bays, kitchens, connectors, machines, plans };
}

// ---------------------------------------------------------------------------------------------
// Who does what.

export type Assignment =
  | { kind: 'wash'; bay: WashBay }
  | { kind: 'charge'; connector: ChargePoint }
  | { kind: 'food'; kitchen: Kitchen }
  | { kind: 'coffee'; machine: CoffeeMachine; pay: 'card' | 'subscription'; plans: Plan[] }
  | { kind: 'subscription'; plans: Plan[] };

/**
 * A journey for each of `count` customers, round robin across `kinds`: each customer has a bay,
 * connector or coffee machine of their own, so no two use one at once. A kind whose devices are
 * all taken passes its turn to the next; a customer for whom nothing is left gets null. Kitchens
 * take many orders at once and are shared; coffee customers pay by card and by subscription in
 * turn.
 */
export function journeysFor(
  count: number,
  sites: Sites,
  kinds: readonly JourneyKind[] = JOURNEY_KINDS,
): (Assignment | null)[] {
  const used: Record<JourneyKind, number> = {
    wash: 0,
    charge: 0,
    food: 0,
    coffee: 0,
    subscription: 0,
  };
  const next = (kind: JourneyKind): Assignment | null => {
    const n = used[kind];
    switch (kind) {
      case 'wash': {
        const bay = sites.bays[n];
        return bay ? { kind, bay } : null;
      }
      case 'charge': {
        const connector = sites.connectors[n];
        return connector ? { kind, connector } : null;
      }
      case 'food': {
        const kitchen = sites.kitchens[n % Math.max(1, sites.kitchens.length)];
        return kitchen ? { kind, kitchen } : null;
      }
      case 'coffee': {
        const machine = sites.machines[n];
        const pay = n % 2 === 0 || sites.plans.length === 0 ? 'card' : 'subscription';
        return machine ? { kind, machine, pay, plans: sites.plans } : null;
      }
      case 'subscription':
        return sites.plans.length > 0 ? { kind, plans: sites.plans } : null;
    }
  };
  const out: (Assignment | null)[] = [];
  let turn = 0;
  for (let i = 0; i < count; i += 1) {
    let given: Assignment | null = null;
    for (let tries = 0; tries < kinds.length && !given; tries += 1) {
      const kind = kinds[(turn + tries) % kinds.length];
      if (!kind) continue;
      given = next(kind);
      if (given) {
        used[kind] += 1;
        turn += tries;
      }
    }
    turn += 1;
    out.push(given);
  }
  return out;
}

/** The assigned journey, once. */
export function runJourney(
  call: Call,
  customer: ChaosCustomer,
  assignment: Assignment,
): Promise<JourneyResult> {
  switch (assignment.kind) {
    case 'wash':
      return washJourney(call, customer, assignment.bay);
    case 'charge':
      return chargeJourney(call, customer, assignment.connector);
    case 'food':
      return foodJourney(call, customer, assignment.kitchen);
    case 'coffee':
      return coffeeJourney(call, customer, assignment.machine, assignment.pay, assignment.plans);
    case 'subscription':
      return subscriptionJourney(call, customer, assignment.plans);
  }
}

// ---------------------------------------------------------------------------------------------
// The journeys' common parts.

interface Answer {
  status: number;
  body: unknown;
}
const codeOf = (answer: Answer) => {
  const code = (answer.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};
const stateOf = (answer: Answer) => {
  const state = (answer.body as { state?: unknown } | null)?.state;
  return typeof state === 'string' ? state : '';
};
const idOf = (answer: Answer) => {
  const id = (answer.body as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
};
const refusedAs = (answer: Answer) => {
  return `refused:${codeOf(answer) ?? String(answer.status)}`;
};

function journey(kind: JourneyKind) {
  const started = performance.now();
  return (id: string | null, state: string, detail?: string): JourneyResult => {
    const final = FINAL_STATES[kind].includes(state);
    return {
      kind,
      id,
      state,
      final,
      ok: final && state === SUCCESS_STATE[kind],
      ms: Math.round(performance.now() - started),
      ...(detail === undefined ? {} : { detail }),
    };
  };
}

/**
 * Reads `path` every half second until its state is final or `act` says to stop waiting, for
 * FINAL_WAIT_MS at most; `act` sees each state read (the customer acting mid-journey).
 */
async function readUntil(
  call: Call,
  what: string,
  path: string,
  token: string,
  final: readonly string[],
  act: (state: string, body: unknown) => Promise<void> | void = () => undefined,
  until = performance.now() + FINAL_WAIT_MS,
): Promise<string> {
  let state = '';
  while (performance.now() < until) {
    const answer = await call(what, path, { token });
    state = stateOf(answer) || state;
    if (final.includes(state)) return state;
    await act(state, answer.body);
    await sleep(READ_EVERY_MS);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// The journeys.

/**
 * A wash: the shortest programme booked on the bay with the card (a hold, the programme
 * loaded), started from the phone once the bay is ready (the price captured), then the countdown
 * and the wash until it is completed. About 20 s at SIM_SPEED=20.
 */
export async function washJourney(
  call: Call,
  customer: ChaosCustomer,
  bay: WashBay,
): Promise<JourneyResult> {
  const done = journey('wash');
  // The car ahead may still be leaving: the customer waits until the app shows the bay free.
  const freeBy = performance.now() + BAY_FREE_WAIT_MS;
  while (performance.now() < freeBy) {
    const shown = read<{ items: { number: number; state: string }[] }>(
      await call('wash bays', `/api/carwash/stations/${String(bay.stationId)}/bays`, {
        token: customer.token,
      }),
    );
    if (shown?.items?.find((b) => b.number === bay.bay)?.state === 'free') break;
    await sleep(READ_EVERY_MS);
  }
  const made = await call('wash book', '/api/carwash/transactions', {
    method: 'POST',
    token: customer.token,
    key: randomUUID(),
    body: {
      stationId: bay.stationId,
      bayNumber: bay.bay,
      productId: bay.productId,
      paymentMethodId: customer.cardId,
    },
  });
  const id = idOf(made);
  if (!id) return done(null, refusedAs(made));
  let startedAt = 0;
  const state = await readUntil(
    call,
    'wash read',
    `/api/transactions/${id}`,
    customer.token,
    FINAL_STATES.wash,
    async (now) => {
      // Started again only if the bay still waits a while after the last start.
      if (now !== 'ready' || performance.now() - startedAt < 3_000) return;
      startedAt = performance.now();
      await call('wash start', `/api/carwash/transactions/${id}/start`, {
        method: 'POST',
        token: customer.token,
      });
    },
  );
  return done(id, state);
}

/**
 * An EV charge at a public connector: the car plugged in, the charge opened with a hold on the
 * card, started from the phone, stopped by the customer after CHARGE_SECONDS of charging, the
 * price captured; the car is unplugged at the end whatever happened. About 8 s at SIM_SPEED=20.
 */
export async function chargeJourney(
  call: Call,
  customer: ChaosCustomer,
  point: ChargePoint,
): Promise<JourneyResult> {
  const done = journey('charge');
  const sim = (action: 'plug' | 'unplug') =>
    call(`charger ${action}`, '/api/dev/sim/chargers', {
      method: 'POST',
      body: { identity: point.identity, connectorId: point.connectorId, action },
    });
  await sim('plug');
  try {
    const made = await call('charge open', '/api/charges', {
      method: 'POST',
      token: customer.token,
      key: randomUUID(),
      body: {
        installationId: point.installationId,
        chargerId: point.chargerId,
        connectorId: point.connectorId,
        paymentMethodId: customer.cardId,
      },
    });
    const id = idOf(made);
    if (!id) return done(null, refusedAs(made));
    const action = (verb: 'start' | 'stop') =>
      call(`charge ${verb}`, `/api/charges/${id}/${verb}`, {
        method: 'POST',
        token: customer.token,
      });
    let startedAt = 0;
    let chargingSince = 0;
    let stoppedAt = 0;
    const state = await readUntil(
      call,
      'charge read',
      `/api/charges/${id}`,
      customer.token,
      FINAL_STATES.charge,
      async (now) => {
        const at = performance.now();
        if (now === 'ready' && at - startedAt > 3_000) {
          // Opened, or back to ready after a start the charger did not take: start (again).
          startedAt = at;
          await action('start');
        } else if (now === 'charging') {
          chargingSince ||= at;
          if (at - chargingSince >= CHARGE_SECONDS * 1000 && at - stoppedAt > 3_000) {
            stoppedAt = at;
            await action('stop');
          }
        }
      },
    );
    return done(id, state);
  } finally {
    await sim('unplug');
  }
}

/**
 * A food order: the cheapest dish, take-out as soon as possible, the total held on the card;
 * the station's kitchen accepts it (the hold captured), makes it ready and hands it over
 * (collected). About 40 s at SIM_SPEED=20 (eight minutes' cooking and five minutes' wait
 * before the pickup, simulated).
 */
export async function foodJourney(
  call: Call,
  customer: ChaosCustomer,
  kitchen: Kitchen,
): Promise<JourneyResult> {
  const done = journey('food');
  const made = await call('food order', '/api/food/orders', {
    method: 'POST',
    token: customer.token,
    key: randomUUID(),
    body: {
      stationId: kitchen.stationId,
      lines: [{ type: 'product', productId: kitchen.productId, quantity: 1 }],
      mode: 'take-out',
      pickupAt: 'asap',
      paymentMethodId: customer.cardId,
      total: kitchen.price,
    },
  });
  const id = idOf(made);
  if (!id) return done(null, refusedAs(made));
  const state = await readUntil(
    call,
    'food read',
    `/api/food/orders/${id}`,
    customer.token,
    FINAL_STATES.food,
  );
  return done(id, state);
}

interface Code {
  hash: string;
  url: string;
  transactionId: string;
  installationId: string;
}

/**
 * The customer chooses a coffee on the machine's screen, which shows its code; a machine still
 * pouring the last cup shows none, so the choice is made again until it does.
 */
async function chooseCoffee(call: Call, machine: CoffeeMachine): Promise<Code | null> {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const chosen = await call('coffee choose', '/api/dev/sim/beverage-machines', {
      method: 'POST',
      body: { stationId: machine.stationId, beverageFamily: COFFEE },
    });
    const code = chosen.body as Partial<Code> | null;
    if (chosen.status === 200 && code?.hash && code.url && code.transactionId) {
      const state = read<SimStateBody>(
        await call('sim state', `/api/dev/sim/state?stationId=${String(machine.stationId)}`),
      );
      const shown = state?.machines?.find((m) => m.machineId === code.installationId);
      if (!shown || shown.url === code.url)
        return {
          hash: code.hash,
          url: code.url,
          transactionId: code.transactionId,
          installationId: code.installationId ?? machine.machineId,
        };
    }
    await sleep(READ_EVERY_MS);
  }
  return null;
}

/** The user's BEVERAGE subscription, if any is usable. */
async function beverageSubscription(call: Call, token: string) {
  const mine = read<{
    items: { id: string; cancelledAt: string | null; subscription: PlanBody }[];
  }>(await call('user subscriptions', '/api/user-subscriptions', { token }));
  return mine?.items?.find((s) => s.subscription.type === 'BEVERAGE') ?? null;
}

/**
 * A coffee: chosen on the machine (its code), read in the app, then paid by card once
 * (`card`) or poured on the user's BEVERAGE subscription (`subscription`: bought first at the
 * lowest tier with coffee when the user has none). Fair use lets one cup pour on a
 * subscription every ten minutes; a cup refused for it is bought by card instead, as the app
 * offers. Read until poured. About 2 to 3 s at SIM_SPEED=20.
 */
export async function coffeeJourney(
  call: Call,
  customer: ChaosCustomer,
  machine: CoffeeMachine,
  pay: 'card' | 'subscription',
  plans: readonly Plan[] = [],
): Promise<JourneyResult> {
  const done = journey('coffee');
  let detail: string | undefined;
  if (pay === 'subscription' && !(await beverageSubscription(call, customer.token))) {
    const known =
      plans.length > 0
        ? plans
        : (read<{ items: PlanBody[] }>(await call('plans', '/api/subscriptions'))?.items ?? [])
            .filter((p) => p.type === 'BEVERAGE')
            .map((p) => ({ ...p, productIds: p.productIds.split(',') }));
    const plan = [...known]
      .sort((a, b) => a.index - b.index)
      .find((p) => p.productIds.includes(COFFEE));
    if (!plan) return done(null, 'refused:NO_PLAN');
    const bought = await call('subscribe', `/api/subscriptions/${String(plan.id)}/subscribe`, {
      method: 'POST',
      token: customer.token,
      key: randomUUID(),
      body: { interval: 'monthly', paymentMethodId: customer.cardId },
    });
    if (bought.status !== 201 && codeOf(bought) !== 'SUBSCRIPTION_EXISTS')
      return done(null, refusedAs(bought), 'the subscription was not bought');
  }

  const code = await chooseCoffee(call, machine);
  if (!code) return done(null, 'refused:NO_CODE', 'the machine showed no code');
  const path = `/api/beverages/${code.hash}`;
  const shown = await call('coffee read', path, { token: customer.token });
  const covered = (shown.body as { covered?: unknown } | null)?.covered === true;

  // A cup whose "done" was lost on the way is settled by the reconciliation once it has poured
  // for two minutes (POUR_LOST_AFTER_MS), at its next pass: the wait covers that.
  const readToEnd = () =>
    readUntil(
      call,
      'coffee read',
      path,
      customer.token,
      FINAL_STATES.coffee,
      undefined,
      performance.now() + POUR_LOST_AFTER_MS + 60_000,
    );

  let paid: Answer | null = null;
  if (pay === 'subscription') {
    if (covered) {
      paid = await call('coffee pour', '/api/beverages', {
        method: 'POST',
        token: customer.token,
        body: {
          hash: code.hash,
          installationId: code.installationId,
          transactionId: code.transactionId,
        },
      });
      if (paid.status !== 200) {
        detail = `not poured on the subscription (${codeOf(paid) ?? String(paid.status)}); bought by card`;
        paid = null;
      }
    } else detail = 'not covered by the subscription now; bought by card';
  }
  if (!paid) {
    // A machine out of reach for a moment (its station's connection cut) or still busy refuses
    // the purchase and gives the code back: the customer taps again, as the app lets them.
    for (let attempt = 1; ; attempt += 1) {
      paid = await call('coffee buy', '/api/beverages/one-time-purchase', {
        method: 'POST',
        token: customer.token,
        key: randomUUID(),
        body: { hash: code.hash, paymentMethodId: customer.cardId },
      });
      if (paid.status === 200) break;
      const refused = refusedAs(paid);
      if (!MACHINE_MOMENTARY.has(codeOf(paid) ?? '') || attempt >= COFFEE_TRIES) {
        // A code given back is the machine's again, waiting for its next customer: this one
        // made nothing. Anything else is theirs, and is read until it ends.
        const after = await call('coffee read', path, { token: customer.token });
        if (stateOf(after) === 'pending') return done(null, refused, detail);
        const state = await readToEnd();
        return done(code.transactionId, state, `${refused} after ${String(attempt)} tries`);
      }
      detail = `${refused}; tapped again`;
      await sleep(COFFEE_TRY_AGAIN_MS);
    }
  }
  return done(code.transactionId, await readToEnd(), detail);
}

/**
 * Buying a subscription: the lowest BEVERAGE tier with the card when the user has none, else an
 * upgrade to the next tier (the rest of the paid period credited), then the user's subscriptions
 * read until it is there. A user at the top tier has nothing left to buy: the journey answers
 * `active` with the detail saying so, and sends nothing. About 0.5 s.
 */
export async function subscriptionJourney(
  call: Call,
  customer: ChaosCustomer,
  plans: readonly Plan[],
): Promise<JourneyResult> {
  const done = journey('subscription');
  const held = await beverageSubscription(call, customer.token);
  const tiers = [...plans].sort((a, b) => a.index - b.index);
  const target = held ? tiers.find((p) => p.index > held.subscription.index) : tiers[0];
  if (!target)
    return {
      ...done(
        held?.id ?? null,
        held?.cancelledAt ? 'cancelled' : 'active',
        held ? 'at the top tier: nothing left to buy' : 'no plan on offer',
      ),
      nothingLeft: true,
    };
  const bought = held
    ? await call('upgrade', `/api/user-subscriptions/${held.id}/upgrade`, {
        method: 'POST',
        token: customer.token,
        key: randomUUID(),
        body: { subscriptionId: target.id },
      })
    : await call('subscribe', `/api/subscriptions/${String(target.id)}/subscribe`, {
        method: 'POST',
        token: customer.token,
        key: randomUUID(),
        body: { interval: 'monthly', paymentMethodId: customer.cardId },
      });
  const id = idOf(bought);
  if (!id) return done(null, refusedAs(bought));
  const until = performance.now() + FINAL_WAIT_MS;
  while (performance.now() < until) {
    const now = await beverageSubscription(call, customer.token);
    if (now?.id === id && now.subscription.id === target.id)
      return done(id, now.cancelledAt ? 'cancelled' : 'active', held ? 'upgraded' : 'subscribed');
    await sleep(READ_EVERY_MS);
  }
  return done(id, 'pending');
}
