import { z } from 'zod';
import { multilineText, strict } from './fields.ts';
import { compareVersions } from './system-rules.ts';

export const appPlatforms = ['ios', 'android', 'web'] as const;
export type AppPlatform = (typeof appPlatforms)[number];

export const semverSchema = z
  .string({ error: 'validation.required' })
  .regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/, 'validation.invalid');

export const appVersionQuerySchema = z.object({
  platform: z.enum(appPlatforms, { error: 'validation.invalid' }),
  version: semverSchema,
});

export const appVersionResponseSchema = z.object({
  updateRequired: z.boolean(),
  locked: z.boolean(),
  storeUrl: z.string().nullable(),
  /** Present once an operator names the latest version: a newer one is out. */
  updateAvailable: z.boolean().optional(),
});
export type AppVersionResponse = z.infer<typeof appVersionResponseSchema>;

export const maintenanceResponseSchema = z.object({
  maintenance: z.boolean(),
  message: z.string().optional(),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;

/** A maintenance notice: the same news in both languages, each shown in the app's. */
const noticeText = multilineText(500).min(1, 'validation.required');

/**
 * `PUT /api/admin/maintenance`: the switch, its notice in both languages, and when it holds; a
 * window with only `from` runs until switched off, one with only `until` ends by itself.
 */
export const maintenanceSettingSchema = strict({
  enabled: z.boolean({ error: 'validation.invalid' }),
  message: strict({ fo: noticeText, en: noticeText }).nullable().optional(),
  from: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
  until: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
}).refine((value) => !value.from || !value.until || new Date(value.until) > new Date(value.from), {
  path: ['until'],
  message: 'validation.invalid',
});
export type MaintenanceSettingInput = z.infer<typeof maintenanceSettingSchema>;

/** The maintenance switch as the operator sees it, and whether it holds now. */
export const maintenanceAdminSchema = z.object({
  enabled: z.boolean(),
  message: z.object({ fo: z.string(), en: z.string() }).nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  /** Switched on and inside its window: the apps show the maintenance screen now. */
  active: z.boolean(),
});
export type MaintenanceAdmin = z.infer<typeof maintenanceAdminSchema>;

/** `PUT /api/admin/app-versions`: one platform's minimum, and the latest it is told of. */
export const appVersionSettingSchema = strict({
  platform: z.enum(appPlatforms, { error: 'validation.invalid' }),
  minimum: semverSchema,
  latest: semverSchema.nullable().optional(),
  /** The update screen offers no way past it. */
  locked: z.boolean({ error: 'validation.invalid' }).optional(),
  storeUrl: z
    .url({ error: 'validation.invalid' })
    .max(500, 'validation.tooLong')
    .nullable()
    .optional(),
}).refine((value) => !value.latest || compareVersions(value.latest, value.minimum) >= 0, {
  path: ['latest'],
  message: 'validation.invalid',
});
export type AppVersionSetting = z.infer<typeof appVersionSettingSchema>;

export const appVersionAdminSchema = z.object({
  platform: z.enum(appPlatforms),
  minimum: z.string(),
  latest: z.string().nullable(),
  locked: z.boolean(),
  storeUrl: z.string().nullable(),
  /** No operator has set it: the environment's defaults hold. */
  fromEnvironment: z.boolean(),
});
export type AppVersionAdmin = z.infer<typeof appVersionAdminSchema>;
