import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Secrets with a default for development; production must set its own. */
export const DEV_SECRETS = {
  GATEWAY_WEBHOOK_SECRET: 'dev-webhook-secret-change-me',
  IDENTITY_CLIENT_SECRET: 'dev-identity-secret-change-me',
} as const;
