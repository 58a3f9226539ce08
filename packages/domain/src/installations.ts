import { z } from 'zod';
import { installationViewSchema } from './charging.ts';
import { emailField, strict } from './fields.ts';
import { faroeParts } from './format.ts';

// Installations a user owns or that are shared with them (spec §1, §3, §6): the owner shares an
// installation by e-mail invitation, and may give each share an end date, a kWh cap per month
// and a price per kWh (free by default).

/** The most a share may cost per kWh, in øre (a guard against a typo, not a business rule). */
export const SHARE_PRICE_MAX_ORE = 10_00;
/** The largest monthly cap a share may have, in kWh. */
export const SHARE_CAP_MAX_KWH = 10_000;
/** Pending invitations an installation may have at once. */
export const PENDING_INVITATIONS_MAX = 20;

export const installationRoles = ['own', 'shared'] as const;
export type InstallationRole = (typeof installationRoles)[number];

const isoDateTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** The limits an owner sets on a share; every field may be left out of a change. */
export const shareLimitsSchema = strict({
  endsAt: isoDateTime.nullable(),
  /** Whole kWh per calendar month (Faroe time), or none. */
  monthlyKwhCap: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(SHARE_CAP_MAX_KWH, 'validation.invalid')
    .nullable(),
  /** Øre per kWh; 0 is free. */
  pricePerKwh: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(SHARE_PRICE_MAX_ORE, 'validation.invalid'),
});
export type ShareLimits = z.infer<typeof shareLimitsSchema>;
export const shareLimitsPatchSchema = shareLimitsSchema.partial();
export type ShareLimitsPatch = z.infer<typeof shareLimitsPatchSchema>;

export const FREE_SHARE: ShareLimits = { endsAt: null, monthlyKwhCap: null, pricePerKwh: 0 };

export const invitationCreateSchema = strict({
  installationId: z.uuid({ error: 'validation.invalid' }),
  email: emailField,
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** An invitation's answer may carry the token from its e-mail, which proves the address. */
export const invitationAnswerSchema = strict({
  token: z.string({ error: 'validation.invalid' }).max(200, 'validation.invalid').optional(),
});

/** Why a share may not start a charge now, if it may not. */
export type ShareRefusal = 'ended' | 'cap';

export function shareRefusal(
  limits: Pick<ShareLimits, 'endsAt' | 'monthlyKwhCap'>,
  usedThisMonthWh: number,
  now: Date,
): ShareRefusal | null {
  if (limits.endsAt && new Date(limits.endsAt).getTime() <= now.getTime()) return 'ended';
  if (limits.monthlyKwhCap !== null && usedThisMonthWh >= limits.monthlyKwhCap * 1000) return 'cap';
  return null;
}

/** The energy a charge under this share may still take this month, in Wh; null is no cap. */
export const shareRemainingWh = (monthlyKwhCap: number | null, usedThisMonthWh: number) =>
  monthlyKwhCap === null ? null : Math.max(0, monthlyKwhCap * 1000 - usedThisMonthWh);

// ---------------------------------------------------------------------------------------------
// Months, as the Faroe Islands count them.

export const monthField = z
  .string({ error: 'validation.invalid' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalid');

function localAsUtc(at: number) {
  const p: Record<string, number> = {};
  for (const part of faroeParts().formatToParts(at)) p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
}

/** 'YYYY-MM' of an instant in Faroe time. */
export function monthOf(at: Date): string {
  return new Date(localAsUtc(at.getTime())).toISOString().slice(0, 7);
}

/** The instant a day begins in Faroe time (its midnight); a month's is its first day's. */
function faroeMidnight(year: number, monthIndex: number, day = 1) {
  const guess = Date.UTC(year, monthIndex, day);
  return new Date(guess - (localAsUtc(guess) - guess));
}
const monthStart = (year: number, monthIndex: number) => faroeMidnight(year, monthIndex);

/** A day's first instant and the next day's, in Faroe time ('YYYY-MM-DD'). */
export function dayRange(day: string): { from: Date; to: Date } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return {
    from: faroeMidnight(year, month - 1, date),
    to: faroeMidnight(year, month - 1, date + 1),
  };
}

/** The month's first instant and the next month's first instant. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, mm] = month.split('-').map(Number);
  const y = year ?? 1970;
  const m = (mm ?? 1) - 1;
  return { from: monthStart(y, m), to: monthStart(m === 11 ? y + 1 : y, (m + 1) % 12) };
}

/** The month after, as 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  const y = year ?? 1970;
  const m = mm ?? 1;
  return m === 12 ? `${String(y + 1)}-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// A share's limits as the owner types them: its last day, and its price in kroner.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a share ends when the owner names its last day ('YYYY-MM-DD'): the midnight after
 * it, Faroe time, so the whole day is still the user's. Null for anything that is not a date.
 */
export function shareEndsAtOf(lastDay: string): string | null {
  const match = DAY.exec(lastDay);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const day = new Date(Date.UTC(y, m, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m || day.getUTCDate() !== d) return null;
  const guess = Date.UTC(y, m, d + 1);
  return new Date(guess - (localAsUtc(guess) - guess)).toISOString();
}

/** The last day of a share that ends at `endsAt`, as 'YYYY-MM-DD' in Faroe time. */
export function shareLastDayOf(endsAt: string): string {
  return new Date(localAsUtc(new Date(endsAt).getTime() - 1)).toISOString().slice(0, 10);
}

/**
 * A price the owner types in kroner, as øre: '1,50', '1.5', '2', '1.234,50'. A comma is the
 * decimal mark and dots group thousands; without a comma, a dot followed by one or two digits is
 * the decimal mark. Null for anything else (a sign, a letter, a third decimal).
 */
export function parseKroner(text: string): number | null {
  const value = text.trim().replace(/\s*kr\.?$/i, '');
  let parts: string[];
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    parts = value.replaceAll('.', '').split(',');
  } else if (/^\d+\.\d{1,2}$/.test(value)) {
    parts = value.split('.');
  } else {
    return null;
  }
  const [whole = '', fraction = ''] = parts;
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(ore) ? ore : null;
}

/** Øre as the price field shows them: 150 → '1,50'. */
export function kronerInputOf(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ore));
  return `${sign}${String(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/** The month before, as 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  const y = year ?? 1970;
  const m = mm ?? 1;
  return m === 1 ? `${String(y - 1)}-12` : `${String(y)}-${String(m - 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Views.

export const shareLimitsViewSchema = z.object({
  endsAt: z.string().nullable(),
  monthlyKwhCap: z.number().int().nullable(),
  pricePerKwh: z.number().int(),
  /** The user's energy here this calendar month, in Wh. */
  usedThisMonthWh: z.number().int(),
  /** Why a start would be refused now, if it would. */
  refusal: z.enum(['ended', 'cap']).nullable(),
});
export type ShareLimitsView = z.infer<typeof shareLimitsViewSchema>;

export const userInstallationSchema = installationViewSchema.extend({
  role: z.enum(installationRoles),
  /** The user's share of a shared installation (what leaving removes); null on their own. */
  shareId: z.string().nullable(),
  /** The user's own limits on a shared installation; null on their own. */
  limits: shareLimitsViewSchema.nullable(),
  /** The owner's name, shown on a shared installation. */
  ownerName: z.string().nullable(),
  /** Users with access: counted for the owner, 0 for a shared user. */
  usersCount: z.number().int(),
});
export type UserInstallation = z.infer<typeof userInstallationSchema>;
export const userInstallationListSchema = z.object({ items: z.array(userInstallationSchema) });

export const installationUserSchema = z.object({
  /** The share's id: the one `DELETE /installations/users/{id}` takes. */
  id: z.string(),
  installationId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  limits: shareLimitsViewSchema,
  createdAt: z.string(),
});
export type InstallationUser = z.infer<typeof installationUserSchema>;
export const installationUserListSchema = z.object({ items: z.array(installationUserSchema) });

export const invitationStates = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type InvitationState = (typeof invitationStates)[number];

export const invitationSchema = z.object({
  id: z.string(),
  installationId: z.string(),
  installationName: z.string(),
  email: z.string(),
  state: z.enum(invitationStates),
  /** 'sent' by this user as owner, or 'received' by this user. */
  direction: z.enum(['sent', 'received']),
  invitedBy: z.string(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

export const installationChargeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  chargerIdentity: z.string(),
  connectorId: z.number().int(),
  state: z.string(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  createdAt: z.string(),
  energyWh: z.number().int(),
  amount: z.number().int(),
  /** What the owner earned from it: 0.2 kr./kWh when public, the share's price when shared. */
  ownerCredit: z.number().int(),
  finishedAt: z.string().nullable(),
});
export type InstallationCharge = z.infer<typeof installationChargeSchema>;
export const installationChargeListSchema = z.object({
  items: z.array(installationChargeSchema),
  total: z.number().int(),
});

export const payoutStates = ['scheduled', 'paid'] as const;
export const payoutSchema = z.object({
  id: z.string(),
  month: z.string(),
  amount: z.number().int(),
  state: z.enum(payoutStates),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const earningsSchema = z.object({
  installationId: z.string(),
  month: z.string(),
  /** Energy other users charged while the installation was public, and its 0.2 kr./kWh. */
  publicEnergyWh: z.number().int(),
  publicCredit: z.number().int(),
  /** Energy shared users charged, and what their shares' prices earned. */
  sharedEnergyWh: z.number().int(),
  sharedCredit: z.number().int(),
  total: z.number().int(),
  charges: z.number().int(),
  /** The payouts of this installation, newest first. */
  payouts: z.array(payoutSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
