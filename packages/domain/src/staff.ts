import { z } from 'zod';
import { emailField, idField, requiredText, strict } from './fields.ts';
import type { MessageKey } from './messages/index.ts';

const key = (k: MessageKey) => k;

/**
 * Staff roles: an operator runs everything; support helps customers; finance reads the money's
 * reports and pays the owners; station and kitchen staff work at their own stations.
 */
export const staffRoles = ['operator', 'support', 'finance', 'station', 'kitchen'] as const;
export type StaffRoleName = (typeof staffRoles)[number];

/** The roles bound to stations: they see only the stations they are given. */
export const stationBoundRoles: readonly StaffRoleName[] = ['station', 'kitchen'];
export const isStationBound = (role: StaffRoleName) => stationBoundRoles.includes(role);

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** The stations the role covers; null for a role that is not bound to stations. */
  stationIds: z.array(z.number().int()).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** One staff account as the operator's staff list shows it (`GET /api/admin/staff`). */
export const staffAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** The stations of a station-bound role; empty for the others. */
  stationIds: z.array(z.number().int()),
  /** When the account was disabled; null while it may sign in. */
  disabledAt: z.string().nullable(),
  /** Whether a password has been set; a new account waits for its invitation to be followed. */
  passwordSet: z.boolean(),
  /** When the account last used the console or the app; null for never. */
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffPageSchema = z.object({
  items: z.array(staffAccountSchema),
  total: z.number().int(),
});

/** The most stations one account may be bound to. */
export const STAFF_STATIONS_MAX = 100;
const stationIdsField = z.array(idField).max(STAFF_STATIONS_MAX, key('validation.tooLong'));

/** A station-bound role needs a station; the others take none. */
function stationsFitRole(
  value: { role?: StaffRoleName; stationIds?: number[] },
  ctx: z.RefinementCtx,
) {
  if (value.role === undefined || value.stationIds === undefined) return;
  if (isStationBound(value.role) && value.stationIds.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['stationIds'],
      message: key('validation.staffStations'),
    });
}

/** `POST /api/admin/staff`: a new staff account, who is sent a link to set a password. */
export const staffCreateSchema = strict({
  email: emailField,
  name: requiredText(2, 100),
  role: z.enum(staffRoles, { error: key('validation.required') }),
  stationIds: stationIdsField.default([]),
  /** The language of the invitation mail. */
  locale: z.enum(['fo', 'en']).default('fo'),
}).superRefine(stationsFitRole);
export type StaffCreate = z.input<typeof staffCreateSchema>;

/** `PATCH /api/admin/staff/{id}`: what changes; a role change may give new stations with it. */
export const staffPatchSchema = strict({
  role: z.enum(staffRoles).optional(),
  stationIds: stationIdsField.optional(),
  disabled: z.boolean().optional(),
})
  .refine((value) => Object.keys(value).length > 0, key('validation.required'))
  .superRefine(stationsFitRole);
export type StaffPatch = z.input<typeof staffPatchSchema>;

/** The console's sections, in the order of its navigation. */
export const consoleSections = [
  'vouchers',
  'campaigns',
  'stations',
  'alarms',
  'chargers',
  'customers',
  'subscriptions',
  'staff',
  'finance',
  'switches',
  'audit',
] as const;
export type ConsoleSection = (typeof consoleSections)[number];

const sectionRoles: Record<ConsoleSection, readonly StaffRoleName[]> = {
  customers: ['operator', 'support'],
  subscriptions: ['operator', 'support'],
  vouchers: ['operator'],
  campaigns: ['operator'],
  stations: ['operator', 'station', 'kitchen'],
  alarms: ['operator', 'station'],
  chargers: ['operator'],
  staff: ['operator'],
  finance: ['operator', 'finance'],
  switches: ['operator'],
  audit: ['operator'],
};

/** What a role may open in the console; the API checks the same on every staff route. */
export function sectionsFor(role: StaffRoleName): ConsoleSection[] {
  return consoleSections.filter((section) => sectionRoles[section].includes(role));
}
