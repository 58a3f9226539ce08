import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Secrets with a default for development; production must set its own. */
/** The sites' secret `npm start` shares with the station process; refused in production. */
export const DEVELOPMENT_SITE_SECRET = 'stod-development-site-secret';

export const DEV_SECRETS = {
  GATEWAY_WEBHOOK_SECRET: 'dev-webhook-secret-change-me',
  IDENTITY_CLIENT_SECRET: 'dev-identity-secret-change-me',
} as const;
