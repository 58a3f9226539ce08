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

/**
 * The kinds of push message, each switched on or off per user. Offers are marketing and stay off
 * until the user opts in; the rest are about the user's own services and are on by default.
 */
export const pushKinds = [
  'chargeComplete',
  'chargerFaulted',
  'foodAccepted',
  'foodReady',
  'fuelReceipt',
  'installationInvitation',
  'renewalRefused',
  'offers',
] as const;
export type PushKind = (typeof pushKinds)[number];

export const pushKindDefaults: Readonly<Record<PushKind, boolean>> = {
  chargeComplete: true,
  chargerFaulted: true,
  foodAccepted: true,
  foodReady: true,
  fuelReceipt: true,
  installationInvitation: true,
  renewalRefused: true,
  offers: false,
};

/** A user's switches: every kind, with its default where the user has not chosen. */
export const pushPreferencesSchema = z.object(
  Object.fromEntries(pushKinds.map((kind) => [kind, z.boolean()])) as Record<
    PushKind,
    z.ZodBoolean
  >,
);
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** A change of some switches; an unknown kind or a value that is not a boolean is refused. */
export const pushPreferencesPatchSchema = strict(
  Object.fromEntries(
    pushKinds.map((kind) => [kind, z.boolean({ error: 'validation.invalid' }).optional()]),
  ) as Record<PushKind, z.ZodOptional<z.ZodBoolean>>,
);
export type PushPreferencesPatch = z.infer<typeof pushPreferencesPatchSchema>;

/** A registered device as its owner sees it. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  platform: z.enum(devicePlatforms),
  name: z.string().nullable(),
  model: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** What a push message carries to the device: the texts and the screen a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** An app path, such as /profile/receipts/{id}. */
  url: string;
  /** A newer message of the same tag replaces the older one on the device. */
  tag: string;
  kind: PushKind;
}
