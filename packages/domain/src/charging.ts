import { z } from 'zod';
import { emailField, intField, strict } from './fields.ts';
import { OWNER_CREDIT_ORE_PER_KWH } from './money.ts';

/**
 * EV charging: installations with chargers, each charger with its connectors, reached over
 * OCPP-J; and the charge, which a user opens at a connector, starts, watches and stops from the
 * app. The backend's states, the labels the app shows for them (spec §4 "Charge"), the prices
 * and the shapes the API answers live here so that the API, the web app and the tests agree.
 */

/** The hold placed for a charge at a public or shared installation, unless configured. */
export const CHARGE_HOLD_ORE_DEFAULT = 300_00;

/** The connector states of OCPP 1.6 (2.0.1's are mapped onto them), and ours for a lost charger. */
/** What a charger reports for the record, kept as its notices (security events, logs, …). */
export const chargerNoticeKinds = [
  'security',
  'log',
  'firmware',
  'limit',
  'evNeeds',
  'report',
  'reservation',
] as const;
export type ChargerNoticeKind = (typeof chargerNoticeKinds)[number];

export const connectorStatuses = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
  /** Ours: the charger is not connected to the backend. */
  'Offline',
] as const;
export type ConnectorStatus = (typeof connectorStatuses)[number];

/** Spec §4: a charger in one of these during a charge sends the app to the unavailable screen. */
export const UNAVAILABLE_STATUSES: readonly ConnectorStatus[] = [
  'Unavailable',
  'Reserved',
  'Faulted',
];
export const isUnavailableStatus = (status: ConnectorStatus) =>
  UNAVAILABLE_STATUSES.includes(status);

/** A connector a new charge may be opened at: nothing is plugged in or a car waits. */
export const isFreeStatus = (status: ConnectorStatus) =>
  status === 'Available' || status === 'Preparing';

export const tariffTypes = ['kWh', 'min'] as const;
export type TariffType = (typeof tariffTypes)[number];

export const tariffSchema = strict({
  type: z.enum(tariffTypes, { error: 'validation.invalid' }),
  /** Øre, VAT included, per kWh or per minute. */
  price: intField(0, 100_000),
  /** Øre once per charge in which energy flowed; none when left out. */
  startFee: intField(0, 100_000).optional(),
  /** Øre per minute a car stays plugged in after its energy stopped, past the grace. */
  idleFee: intField(0, 10_000).optional(),
  /** Minutes after the energy stopped before the idle fee runs. */
  idleGraceMinutes: intField(0, 1440).optional(),
});
export type Tariff = z.infer<typeof tariffSchema>;

/** What a charge used: its energy, its time, and how long the car stayed after energy stopped. */
export interface ChargeUse {
  energyWh: number;
  seconds: number;
  /** Seconds since energy last flowed (nothing if it never flowed), until the charge stopped. */
  idleSeconds?: number;
}

/** One line of a charge's bill: the energy or the time, the start fee, the idle fee. */
export interface ChargeLine {
  kind: 'energy' | 'time' | 'start' | 'idle';
  /** kWh, minutes, or 1 for the start fee. */
  quantity: number;
  /** Øre per unit. */
  price: number;
  /** Øre, rounded. */
  total: number;
}

/**
 * A charge's bill by its tariff: the start fee once energy flowed, the energy (per kWh) or the
 * time (per minute), and the idle fee for each minute past the grace that the car stayed after
 * its energy stopped. Never more than `cap` (the hold) in all: the idle fee gives way first,
 * then the energy or time. Lines of nothing are left out, but the energy or time line.
 */
export function chargeLines(tariff: Tariff, use: ChargeUse, cap = Infinity): ChargeLine[] {
  const energyWh = Math.max(0, use.energyWh);
  const minutes = Math.max(0, use.seconds) / 60;
  const lines: ChargeLine[] = [];
  if ((tariff.startFee ?? 0) > 0 && energyWh > 0)
    lines.push({ kind: 'start', quantity: 1, price: tariff.startFee ?? 0, total: 0 });
  lines.push(
    tariff.type === 'kWh'
      ? { kind: 'energy', quantity: energyWh / 1000, price: tariff.price, total: 0 }
      : { kind: 'time', quantity: minutes, price: tariff.price, total: 0 },
  );
  const idleMinutes = Math.max(0, (use.idleSeconds ?? 0) / 60 - (tariff.idleGraceMinutes ?? 0));
  if ((tariff.idleFee ?? 0) > 0 && idleMinutes > 0)
    lines.push({ kind: 'idle', quantity: idleMinutes, price: tariff.idleFee ?? 0, total: 0 });
  let left = cap;
  for (const line of lines) {
    line.total = Math.max(0, Math.min(Math.round(line.price * line.quantity), left));
    left -= line.total;
  }
  return lines.filter((line) => line.total > 0 || line.kind === 'energy' || line.kind === 'time');
}

/**
 * The price of a charge so far: per kWh, the energy in Wh; per minute, the seconds since the
 * start; with the start and idle fees of its tariff. Rounded to whole øre, never more than `cap`
 * (the hold).
 */
export function chargePrice(
  tariff: Tariff,
  energyWh: number,
  seconds: number,
  cap = Infinity,
  idleSeconds = 0,
) {
  return chargeLines(tariff, { energyWh, seconds, idleSeconds }, cap).reduce(
    (sum, line) => sum + line.total,
    0,
  );
}

/** The owner's credit for a charge of `energyWh` by another user at a public installation. */
export const ownerCredit = (energyWh: number) =>
  Math.round((OWNER_CREDIT_ORE_PER_KWH * Math.max(0, energyWh)) / 1000);

/** Above this a charger is a DC fast charger; at or below it an AC charger. */
export const AC_MAX_KW = 22;
export const chargerKind = (maxPowerKw: number): 'AC' | 'DC' =>
  maxPowerKw > AC_MAX_KW ? 'DC' : 'AC';

export const chargeStates = [
  /** Opened at a connector; the hold (if any) is placed. */
  'ready',
  /** RemoteStart is being sent. */
  'starting',
  /** The charger took the start and waits for the car: "plug charger into car". */
  'waiting',
  'charging',
  /** RemoteStop is being sent, or the charger stopped and the final reading is awaited. */
  'stopping',
  /** Stopped: the capture, the release and the receipt follow. */
  'settling',
  'completed',
  'cancelled',
  'failed',
] as const;
export type ChargeState = (typeof chargeStates)[number];

export const FINAL_CHARGE_STATES: readonly ChargeState[] = ['completed', 'cancelled', 'failed'];
export const isFinalChargeState = (state: ChargeState) => FINAL_CHARGE_STATES.includes(state);

/** Spec §4 labels: ready to charge, plug charger into car, charging in progress, charging complete. */
export const chargeLabels = ['ready', 'plug', 'charging', 'complete', 'cancelled'] as const;
export type ChargeLabel = (typeof chargeLabels)[number];

export function chargeLabelOf(state: ChargeState): ChargeLabel {
  switch (state) {
    case 'ready':
    case 'starting':
      return 'ready';
    case 'waiting':
      return 'plug';
    case 'charging':
    case 'stopping':
      return 'charging';
    case 'settling':
    case 'completed':
      return 'complete';
    case 'cancelled':
    case 'failed':
      return 'cancelled';
  }
}

/** How the user may use an installation. */
export type InstallationAccess = 'own' | 'public' | 'shared';

export const connectorViewSchema = z.object({
  connectorId: z.number().int(),
  status: z.enum(connectorStatuses),
  /** OCPP's error code when the status is Faulted, else null. */
  errorCode: z.string().nullable(),
  /** Live power while a charge runs, in kW. */
  powerKw: z.number().nullable(),
});
export type ConnectorView = z.infer<typeof connectorViewSchema>;

const tariffViewSchema = z.object({
  type: z.enum(tariffTypes),
  price: z.number().int(),
  startFee: z.number().int().optional(),
  idleFee: z.number().int().optional(),
  idleGraceMinutes: z.number().int().optional(),
});

export const chargerViewSchema = z.object({
  id: z.string(),
  identity: z.string(),
  installationId: z.string(),
  online: z.boolean(),
  kind: z.enum(['AC', 'DC']),
  maxPowerKw: z.number(),
  /** The user's price; own installations charge nothing (price 0). */
  tariff: tariffViewSchema,
  connectors: z.array(connectorViewSchema),
});
export type ChargerView = z.infer<typeof chargerViewSchema>;

/** A charger as operators see it: its connection, make, firmware and security. */
export const operatorChargerSchema = chargerViewSchema.omit({ kind: true }).extend({
  installationName: z.string(),
  protocol: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastBootAt: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** The OCPP security profile it must connect with: 1, 2 or 3. */
  securityProfile: z.number().int(),
  localListVersion: z.number().int(),
  /** Whether its installation shows in every customer's list. */
  installationPublic: z.boolean(),
  /** When it was taken out of the network; null while in service. */
  decommissionedAt: z.string().nullable(),
});
export type OperatorCharger = z.infer<typeof operatorChargerSchema>;

/** What the backend knows of a charger's local list, and the tags a list sent now would carry. */
export const chargerLocalListSchema = z.object({
  /** 0: none sent. */
  version: z.number().int(),
  /** Its size, when it was a full list. */
  size: z.number().int().nullable(),
  sentAt: z.string().nullable(),
  tags: z.array(
    z.object({
      idTag: z.string(),
      type: z.enum(['ISO14443', 'eMAID']),
      expiresAt: z.string().nullable(),
      parentIdTag: z.string().nullable(),
    }),
  ),
  tagsTotal: z.number().int(),
});

export const chargerDetailSchema = chargerViewSchema.extend({
  installation: z.object({ id: z.string(), name: z.string() }),
});

export const installationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  public: z.boolean(),
  ownerId: z.string().nullable(),
  access: z.enum(['own', 'public', 'shared']),
  chargers: z.array(chargerViewSchema),
  connectorsFree: z.number().int(),
  connectorsTotal: z.number().int(),
  /** The lowest price of its chargers, for the list. */
  tariff: tariffViewSchema.nullable(),
});
export type InstallationView = z.infer<typeof installationViewSchema>;
export const installationListSchema = z.object({ items: z.array(installationViewSchema) });

export const chargeSchema = z.object({
  id: z.string(),
  state: z.enum(chargeStates),
  label: z.enum(chargeLabels),
  installationId: z.string(),
  installation: z.object({ id: z.string(), name: z.string(), ownerId: z.string().nullable() }),
  chargerId: z.string(),
  connectorId: z.number().int(),
  /** The charger as it stands now: its connector's status (spec §3 "Charge"). */
  charger: z.object({
    id: z.string(),
    identity: z.string(),
    status: z.enum(connectorStatuses),
    online: z.boolean(),
  }),
  tariff: tariffViewSchema,
  own: z.boolean(),
  paymentMethodId: z.string().nullable(),
  /** Øre held on the card; 0 at the user's own installation. */
  held: z.number().int(),
  captured: z.number().int(),
  released: z.number().int(),
  /** Energy so far, kWh with three decimals. */
  kwh: z.number(),
  /** Minutes charged (the time a time tariff bills: to the stop, or to when the car went idle). */
  minutes: z.number(),
  /** Whole seconds from the start to the stop (or to now): the clock the charging screen shows. */
  elapsedSeconds: z.number().int(),
  powerKw: z.number(),
  /** The share of its installation's power limit this charge may draw now, kW; none: no limit. */
  powerLimitKw: z.number().nullable(),
  /** Øre so far (the final price once stopped). */
  amount: z.number().int(),
  errorKey: z.string().nullable(),
  receiptId: z.string().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;
export const activeChargeSchema = z.object({ charge: chargeSchema.nullable() });
export const chargeListSchema = z.object({ items: z.array(chargeSchema), total: z.number().int() });

export const chargeCreateSchema = strict({
  installationId: z.uuid({ error: 'validation.invalid' }),
  chargerId: z.uuid({ error: 'validation.invalid' }),
  connectorId: intField(1, 32),
  /** Needed at a public or shared installation; the own installation charges nothing. */
  paymentMethodId: z.uuid({ error: 'validation.invalid' }).optional(),
});
export type ChargeCreate = z.infer<typeof chargeCreateSchema>;

/** OCPP 1.6 CiString48 (ChargeBoxIdentity) and what a URL path segment can carry. */
export const chargerIdentityField = z
  .string({ error: 'validation.invalid' })
  .min(1, 'validation.required')
  .max(48, 'validation.tooLong')
  .regex(/^[A-Za-z0-9*\-_=:+|@.]+$/, 'validation.characters');

/** OCPP 1.6 security profile 1: 16 to 40 characters. */
export const chargerPasswordField = z
  .string({ error: 'validation.invalid' })
  .min(16, 'validation.invalid')
  .max(40, 'validation.tooLong');

/** An operator's new password for a charger. */
export const chargerPasswordChangeSchema = strict({ password: chargerPasswordField });

export const installationInputSchema = strict({
  name: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.required')
    .max(80, 'validation.tooLong'),
  lat: z
    .number({ error: 'validation.invalid' })
    .min(-90, 'validation.invalid')
    .max(90, 'validation.invalid'),
  lng: z
    .number({ error: 'validation.invalid' })
    .min(-180, 'validation.invalid')
    .max(180, 'validation.invalid'),
  public: z.boolean({ error: 'validation.invalid' }),
  ownerEmail: emailField.optional(),
});

export const chargerRegistrationSchema = strict({
  identity: chargerIdentityField,
  password: chargerPasswordField.optional(),
  installation: installationInputSchema.optional(),
  installationId: z.uuid({ error: 'validation.invalid' }).optional(),
  connectors: intField(1, 8),
  maxPowerKw: z
    .number({ error: 'validation.invalid' })
    .positive('validation.invalid')
    .max(400, 'validation.invalid'),
  tariff: tariffSchema,
}).refine((v) => (v.installation === undefined) !== (v.installationId === undefined), {
  error: 'validation.required',
  path: ['installation'],
});
export type ChargerRegistration = z.infer<typeof chargerRegistrationSchema>;

/**
 * `PATCH /api/admin/chargers/{identity}`: its power and tariff, or taken out of the network
 * (`decommissioned`: refused at connect, gone from the app) and back.
 */
export const chargerPatchSchema = strict({
  maxPowerKw: chargerRegistrationSchema.shape.maxPowerKw.optional(),
  tariff: tariffSchema.optional(),
  decommissioned: z.boolean({ error: 'validation.invalid' }).optional(),
}).refine((v) => Object.keys(v).length > 0, 'validation.required');
export type ChargerPatch = z.infer<typeof chargerPatchSchema>;

/** `PATCH /api/admin/installations/{id}`: its name, place, and whether every customer sees it. */
export const installationPatchSchema = strict({
  name: installationInputSchema.shape.name.optional(),
  lat: installationInputSchema.shape.lat.optional(),
  lng: installationInputSchema.shape.lng.optional(),
  public: z.boolean({ error: 'validation.invalid' }).optional(),
}).refine((v) => Object.keys(v).length > 0, 'validation.required');
export type InstallationPatch = z.infer<typeof installationPatchSchema>;

/** Operators register chargers in bulk: thousands at once. */
export const CHARGERS_PER_REGISTRATION = 10_000;
export const chargersRegistrationSchema = strict({
  chargers: z
    .array(chargerRegistrationSchema, { error: 'validation.invalid' })
    .min(1, 'validation.required')
    .max(CHARGERS_PER_REGISTRATION, 'validation.tooLong'),
});

/** OCPP 1.6 IdToken: CiString20. */
const idTagField = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, 'validation.required')
  .max(20, 'validation.tooLong')
  .regex(/^[\x21-\x7e]+$/, 'validation.characters');
export const idTagSchema = strict({ idTag: idTagField, email: emailField });

/**
 * A tag's standing, as a charger is told it (OCPP 1.6 AuthorizationStatus; 2.0.1's
 * AuthorizationStatusEnumType has these too): Blocked and Invalid by an operator, Expired once
 * its expiry date has passed.
 */
export const idTagStatuses = ['Accepted', 'Blocked', 'Expired', 'Invalid'] as const;
export type IdTagStatus = (typeof idTagStatuses)[number];

/** An operator sets a tag: its holder (required for a new tag), standing, expiry and group. */
export const idTagUpdateSchema = strict({
  email: emailField.optional(),
  status: z.enum(idTagStatuses, { error: 'validation.invalid' }),
  expiryDate: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
  parentIdTag: idTagField.nullable().optional(),
});
export type IdTagUpdate = z.infer<typeof idTagUpdateSchema>;

export const idTagViewSchema = z.object({
  idTag: z.string(),
  userId: z.string(),
  email: z.string(),
  status: z.enum(idTagStatuses),
  expiryDate: z.string().nullable(),
  parentIdTag: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IdTagView = z.infer<typeof idTagViewSchema>;

/** The demo user's provider card, registered by the seed: an RFID card's 7-byte UID. */
export const DEMO_ID_TAG = '04A2C4E6F81A2C';

/** The simulator's controls of a charger (development only). */
export const chargerSimActions = [
  'plug',
  'unplug',
  'fault',
  'unavailable',
  'offline',
  'online',
  'tag',
] as const;
export type ChargerSimAction = (typeof chargerSimActions)[number];
export const chargerSimActionSchema = strict({
  identity: chargerIdentityField,
  connectorId: intField(1, 8),
  action: z.enum(chargerSimActions, { error: 'validation.invalid' }),
  /** `tag`: the card presented at the charger; the demo user's unless named. */
  idTag: idTagField.optional(),
});

// ---------------------------------------------------------------------------------------------
// Plug & Charge (ISO 15118): a driver's contracts.

/** A car's provisioning certificate id (PCID): 17 or 18 letters and digits. */
export const contractCreateSchema = strict({
  pcid: z
    .string({ error: 'validation.invalid' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{17,18}$/, 'validation.pcid')
    .nullable()
    .optional(),
});
export type ContractCreate = z.infer<typeof contractCreateSchema>;

export const contractViewSchema = z.object({
  /** The contract's id (eMAID), which is also the driver's id tag at chargers. */
  emaid: z.string(),
  pcid: z.string().nullable(),
  serialNumber: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContractView = z.infer<typeof contractViewSchema>;
export const contractListSchema = z.object({ items: z.array(contractViewSchema) });
