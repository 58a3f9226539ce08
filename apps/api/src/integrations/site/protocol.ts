import { bayStates, beverageMachineStates, pumpStates } from '@stod/domain';
import { z } from 'zod';

/**
 * The site protocol (docs/site-protocol.md): how a station's equipment (the forecourt
 * controller, the car-wash controller, the coffee machines, the kitchen's system) reaches the platform. One WebSocket
 * per site, opened by the site to `/site/{siteId}` with HTTP Basic, carrying OCPP-J frames:
 * `[2, id, action, payload]` a call, `[3, id, payload]` its result, `[4, id, code, text, {}]` its
 * error. Both sides call. The version is the WebSocket subprotocol.
 */

export const SITE_PROTOCOL = 'stod.site.1';
/** Where sites connect: `/site/{siteId}`. */
export const SITE_PATH = '/site/';

/** A command's refusal by the equipment: a result, not an error, as OCPP answers `Rejected`. */
export const rejected = z.object({ status: z.literal('Rejected'), reason: z.string().max(40) });
export type Rejected = z.infer<typeof rejected>;

const int = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const point = z.number().int().min(1).max(999);
const reference = z.string().min(1).max(64);
const at = z.iso.datetime({ offset: true });

// What the site calls; the platform answers each with its result.

export const bootRequest = z.object({
  vendor: z.string().max(50),
  model: z.string().max(50),
  /** A simulator answers the `Sim.*` calls of the simulator page. */
  simulated: z.boolean().optional(),
  pumps: z.array(point).max(64).optional(),
  bays: z.array(point).max(16).optional(),
  /** The site runs a kitchen system that takes `Kitchen.Order`. */
  kitchen: z.boolean().optional(),
});
export const pumpStatusRequest = z.object({
  pump: point,
  state: z.enum(pumpStates),
  reference: reference.nullable(),
});
export const progressRequest = z.object({
  pump: point,
  reference,
  volumeMl: int,
  amount: int,
});
export const saleSchema = z.object({
  reference,
  pump: point,
  grade: z.string().min(1).max(20),
  volumeMl: int,
  unitPrice: int,
  amount: int,
  at,
  /** The pump failed mid-delivery; a controller that cannot tell leaves it out. */
  fault: z.boolean().optional(),
});
export const saleRequest = z.object({ sale: saleSchema });
export const bayStatusRequest = z.object({
  bay: point,
  state: z.enum(bayStates),
  reference: reference.nullable(),
  remainingSeconds: int.nullable(),
});
export const machineStatusRequest = z.object({
  machine: z.string().min(1).max(64),
  state: z.enum(beverageMachineStates),
  transaction: z.string().max(64).nullable(),
});
/** A step the site's kitchen took on an order the platform handed it (`Kitchen.Order`). */
export const kitchenStatusRequest = z.object({
  order: z.uuid(),
  step: z.enum(['accepted', 'ready', 'collected']),
  readyInMinutes: z.number().int().min(1).max(240).optional(),
});

/** The calls a site makes, each with the schema of its payload. */
export const SITE_CALLS = {
  Boot: bootRequest,
  Heartbeat: z.object({}),
  PumpStatus: pumpStatusRequest,
  FuellingProgress: progressRequest,
  Sale: saleRequest,
  BayStatus: bayStatusRequest,
  MachineStatus: machineStatusRequest,
  KitchenStatus: kitchenStatusRequest,
} as const;
export type SiteCall = keyof typeof SITE_CALLS;

// What the platform calls; the site answers.

export const lookupAnswer = z.union([
  z.object({
    state: z.enum(['authorised', 'fuelling']),
    pump: point,
    volumeMl: int,
    amount: int,
  }),
  z.object({ state: z.literal('sold'), pump: point, sale: saleSchema }),
  z.object({ state: z.enum(['cancelled', 'unknown']) }),
]);
export const bayLookupAnswer = z.union([
  z.object({
    state: z.enum(['ready', 'countdown', 'washing', 'stopped', 'finished']),
    bay: point,
    remainingSeconds: int.nullable(),
  }),
  z.object({ state: z.enum(['cancelled', 'unknown']) }),
]);

/** `PriceSign.Show`: every grade of the site's price sign with its price (øre per litre). */
export const signPricesRequest = z
  .array(z.object({ grade: z.string().min(1).max(40), unitPrice: int }))
  .min(1)
  .max(20);

/** An order handed to the site's kitchen, as `Kitchen.Order` carries it (times in ISO 8601). */
export const kitchenOrderRequest = z.object({
  order: z.uuid(),
  number: z.number().int().min(0),
  state: z.enum(['placed', 'accepted', 'ready']),
  lines: z.array(z.object({ name: z.string().max(200), quantity: z.number().int().min(1) })),
  placedAt: at,
  acceptedAt: at.nullable(),
  readyBy: at.nullable(),
  readyAt: at.nullable(),
});

/** The platform's calls to a site, by name (the station process answers them; see the doc). */
export const PLATFORM_CALLS = [
  'Forecourt.Status',
  'Pump.Authorise',
  'Pump.Cancel',
  'Sale.Lookup',
  'PriceSign.Show',
  'CarWash.Status',
  'Bay.Load',
  'Bay.Start',
  'Bay.Stop',
  'Bay.Resume',
  'Bay.Cancel',
  'Bay.Lookup',
  'Machine.ShowCode',
  'Machine.Pour',
  'Machine.Status',
  'Machine.Transaction',
  'Kitchen.Order',
  // Only a simulated site answers these: the simulator page's hands at the pump and the bay.
  'Sim.Pump',
  'Sim.Pumps',
  'Sim.Sign',
  'Sim.Bay',
  'Sim.Bays',
  'Sim.Machine',
  // The station process also plays the demo's chargers; their hands go through any of its sites.
  'Sim.Chargers',
  'Sim.Charger',
] as const;
export type PlatformCall = (typeof PLATFORM_CALLS)[number];

/** Seconds between a site's heartbeats, as the platform answers its Boot. */
export const SITE_HEARTBEAT_SECONDS = 30;
