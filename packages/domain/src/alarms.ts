import { z } from 'zod';

/**
 * What the alarm screen shows: equipment that fails (red) and work that waits too long (amber).
 * An alarm is raised when its condition begins and cleared when it ends; staff acknowledge it in
 * between, which silences it and stops its escalation.
 */
export const alarmKinds = [
  /** The station's site gateway has not been connected for a minute. */
  'site.offline',
  'charger.offline',
  'charger.faulted',
  'pump.fault',
  'pump.offline',
  'bay.fault',
  'bay.offline',
  'machine.fault',
  /** A wash stopped by a fault or the customer: only staff can resume it. */
  'wash.stopped',
  'order.waiting',
  'transaction.long',
  'hold.old',
] as const;
export type AlarmKind = (typeof alarmKinds)[number];

export const alarmSeverities = ['fault', 'warning'] as const;
export type AlarmSeverity = (typeof alarmSeverities)[number];

/** Equipment that fails is a fault (red); work that waits is a warning (amber). */
export const alarmSeverity = (kind: AlarmKind): AlarmSeverity =>
  kind === 'order.waiting' || kind === 'transaction.long' || kind === 'hold.old'
    ? 'warning'
    : 'fault';

/** What an alarm is about: the fields its kind names. */
export const alarmSubjectSchema = z.object({
  /** A pump's or a bay's number. */
  point: z.number().int().optional(),
  machine: z.string().optional(),
  charger: z.string().optional(),
  connectorId: z.number().int().optional(),
  errorCode: z.string().optional(),
  transactionId: z.string().optional(),
  service: z.string().optional(),
  orderNumber: z.number().int().optional(),
  paymentId: z.string().optional(),
  /** The customer whose hold it is, for support's page of them. */
  customerId: z.string().optional(),
  /** Øre held. */
  amount: z.number().int().optional(),
});
export type AlarmSubject = z.infer<typeof alarmSubjectSchema>;

export const alarmSchema = z.object({
  id: z.string(),
  kind: z.enum(alarmKinds),
  severity: z.enum(alarmSeverities),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  subject: alarmSubjectSchema,
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When the station's managers (or the operators) were told by e-mail that it lasts. */
  escalatedAt: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** Open alarms of one station, by severity: the stations list shows them. */
export const alarmCountsSchema = z.object({
  fault: z.number().int(),
  warning: z.number().int(),
});
export type AlarmCounts = z.infer<typeof alarmCountsSchema>;

export const alarmListSchema = z.object({
  items: z.array(alarmSchema),
  /** Open alarms in the caller's scope by severity, acknowledged ones too. */
  counts: alarmCountsSchema,
  /** The same for each station that has any: the stations list marks them. */
  stations: z.array(alarmCountsSchema.extend({ stationId: z.number().int() })),
});
export type AlarmList = z.infer<typeof alarmListSchema>;
