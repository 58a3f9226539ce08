import {
  createHmac,
  createPublicKey,
  verify as verifySignature,
  type JsonWebKey,
} from 'node:crypto';
import { safeEqual } from './secrets.ts';

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Signs claims as an HS256 JWT. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64(JSON.stringify(claims));
  const mac = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${mac}`;
}

export interface VerifyOptions {
  /** For HS256 tokens: the client secret. */
  secret?: string;
  /** For RS256 tokens: the issuer's published keys. */
  keys?: (JsonWebKey & { kid?: string })[];
  issuer: string;
  audience: string;
  nonce?: string;
  now?: number;
}

/** Verifies a JWT's signature (HS256 or RS256), issuer, audience, expiry and nonce; null if any fails. */
export function verifyJwt(token: string, options: VerifyOptions): Record<string, unknown> | null {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  let header: { alg?: string; kid?: string };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header;
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const signed = `${head}.${body}`;
  if (header.alg === 'HS256' && options.secret) {
    const expected = createHmac('sha256', options.secret).update(signed).digest('base64url');
    if (!safeEqual(expected, sig)) return null;
  } else if (header.alg === 'RS256' && options.keys) {
    const jwk = options.keys.find((k) => !header.kid || k.kid === header.kid);
    if (!jwk) return null;
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    if (!verifySignature('sha256', Buffer.from(signed), key, Buffer.from(sig, 'base64url')))
      return null;
  } else {
    return null;
  }
  const now = (options.now ?? Date.now()) / 1000;
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (claims.iss !== options.issuer || !audiences.includes(options.audience)) return null;
  if (typeof claims.exp !== 'number' || claims.exp < now - 60) return null;
  if (options.nonce !== undefined && claims.nonce !== options.nonce) return null;
  return claims;
}
