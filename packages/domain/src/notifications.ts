import { z } from 'zod';
import { plainText, strict } from './fields.ts';

export const devicePlatforms = ['ios', 'android', 'web'] as const;

const text = (max: number) =>
  plainText('validation.required').min(1, 'validation.required').max(max, 'validation.tooLong');

/** Spec §3: no extra keys are allowed, at either level. */
export const deviceTokenSchema = strict({
  token: text(4096),
  deviceId: text(200),
  deviceMeta: strict({
    name: plainText('validation.invalid').max(200, 'validation.tooLong').optional(),
    platform: z.enum(devicePlatforms, { error: 'validation.invalid' }),
    osVersion: text(50),
    model: text(100),
    isVirtual: z.boolean({ error: 'validation.invalid' }),
  }),
});
export type DeviceTokenInput = z.input<typeof deviceTokenSchema>;
