import { z } from 'zod';

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
});
export type AppVersionResponse = z.infer<typeof appVersionResponseSchema>;

export const maintenanceResponseSchema = z.object({
  maintenance: z.boolean(),
  message: z.string().optional(),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;
