import { z } from 'zod';
import { intField, isPlainText, requiredText, strict } from './fields.ts';

/** Spec §9: the campaign modal opens this long after startup, and again between campaigns. */
export const CAMPAIGN_MODAL_DELAY_MS = 2000;

export const CAMPAIGN_TITLE_MAX = 80;
export const CAMPAIGN_CONTENT_MAX = 1000;
/** The lowest position opens first; a bound keeps the number a person's choice, not a timestamp. */
export const CAMPAIGN_POSITION_MAX = 10_000;

/** A campaign picture: PNG, JPEG or WebP of at most 2 MB. */
export const campaignImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CampaignImageType = (typeof campaignImageTypes)[number];
export const CAMPAIGN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const campaignStates = ['scheduled', 'active', 'ended'] as const;
export type CampaignState = (typeof campaignStates)[number];

/**
 * Where a campaign stands at `now`: shown while `startsAt <= now < endsAt` (no end: until it is
 * ended).
 */
export function campaignState(startsAt: Date, endsAt: Date | null, now: Date): CampaignState {
  if (startsAt.getTime() > now.getTime()) return 'scheduled';
  if (endsAt && endsAt.getTime() <= now.getTime()) return 'ended';
  return 'active';
}

/** A campaign's window is valid when it has no end or ends after it starts. */
export const isCampaignWindowValid = (startsAt: Date, endsAt: Date | null): boolean =>
  endsAt === null || endsAt.getTime() > startsAt.getTime();

/**
 * Spec §4 Startup: the campaigns still to show, in the server's order, less those dismissed on
 * this device.
 */
export function undismissedCampaigns<T extends { id: string }>(
  campaigns: readonly T[],
  dismissed: readonly string[],
): T[] {
  const seen = new Set(dismissed);
  return campaigns.filter((c) => !seen.has(c.id));
}

/**
 * Reads the device's `dismissedCampaigns` (spec §3: a list of ids, kept as JSON). Anything else
 * that may be stored there reads as an empty list rather than failing the startup.
 */
export function parseDismissedCampaigns(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

// --- What the app reads: GET /api/campaigns/active -----------------------------------------

export const campaignImageSchema = z.object({
  /** Relative to the API's origin (`/api/campaigns/images/{id}`); a CDN's would be absolute. */
  url: z.string(),
  /** In pixels, so the picture's room is kept before it has loaded. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** Spec §3 Campaign: id, title, content, image.url; the texts in the request's language. */
export const campaignSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  image: campaignImageSchema.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const activeCampaignsSchema = z.array(campaignSchema);

// --- What the operator writes: /api/admin/campaigns ----------------------------------------

const title = () => requiredText(1, CAMPAIGN_TITLE_MAX);
/** Several lines of text, trimmed, required. */
const content = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CAMPAIGN_CONTENT_MAX, 'validation.tooLong')
    .refine((value) => isPlainText(value, true), 'validation.characters');
const instant = () => z.iso.datetime({ offset: true, error: 'validation.invalid' });
const imageId = () => z.uuid({ error: 'validation.invalid' }).nullable();
const position = () => intField(0, CAMPAIGN_POSITION_MAX);

/**
 * A new campaign: its texts in both of the app's languages, an optional picture uploaded before,
 * and its window. Without `startsAt` it starts now; without `endsAt` it runs until it is ended.
 * That the end comes after the start is checked with what is stored (see the API's service).
 */
export const campaignCreateSchema = strict({
  titleFo: title(),
  titleEn: title(),
  contentFo: content(),
  contentEn: content(),
  imageId: imageId().optional(),
  position: position().default(0),
  startsAt: instant().optional(),
  endsAt: instant().nullable().optional(),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** An edit: only the fields given change; `imageId: null` removes the picture, `endsAt: null` the end. */
export const campaignUpdateSchema = strict({
  titleFo: title().optional(),
  titleEn: title().optional(),
  contentFo: content().optional(),
  contentEn: content().optional(),
  imageId: imageId().optional(),
  position: position().optional(),
  startsAt: instant().optional(),
  endsAt: instant().nullable().optional(),
});
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

export const adminCampaignImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AdminCampaignImage = z.infer<typeof adminCampaignImageSchema>;

/** A campaign as the operator sees it: both languages, its window and where it stands now. */
export const adminCampaignSchema = z.object({
  id: z.string(),
  titleFo: z.string(),
  titleEn: z.string(),
  contentFo: z.string(),
  contentEn: z.string(),
  image: adminCampaignImageSchema.nullable(),
  position: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(campaignStates),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;
