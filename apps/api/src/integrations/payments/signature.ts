import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.ts';

/**
 * The gateway's webhook signatures: `t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">`. They are
 * the gateway's protocol, so they live with its port: the simulator signs, the wallet verifies.
 */
export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)) {
  const mac = createHmac('sha256', secret)
    .update(`${String(at)}.${body}`)
    .digest('hex');
  return `t=${String(at)},v1=${mac}`;
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

export function verifyWebhook(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const at = Number(parts.t);
  if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > WEBHOOK_TOLERANCE_SECONDS)
    return false;
  return safeEqual(signWebhook(secret, body, at), header);
}
