import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A PEM key from an environment variable, where newlines are often written as `\n`. */
export const pemKey = (pem: string): KeyObject => createPrivateKey(pem.replace(/\\n/g, '\n'));

/** A signed JSON Web Token: RS256 (Google's service accounts) or ES256 (Apple's .p8 keys). */
export function signJwt(
  alg: 'RS256' | 'ES256',
  key: KeyObject,
  claims: object,
  header: object = {},
): string {
  const input = `${part({ alg, typ: 'JWT', ...header })}.${part(claims)}`;
  const signature = sign(
    'sha256',
    Buffer.from(input),
    alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key,
  );
  return `${input}.${signature.toString('base64url')}`;
}

/** A token that is made again shortly before it runs out, and not for every message. */
export function cachedToken(
  make: () => Promise<{ value: string; expiresInSeconds: number }>,
  now: () => number = Date.now,
) {
  let current: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  return {
    async get(): Promise<string> {
      if (current && current.until > now()) return current.value;
      pending ??= make()
        .then(({ value, expiresInSeconds }) => {
          // Renewed five minutes (or a tenth of its life) before the provider would refuse it.
          const margin = Math.min(300, expiresInSeconds / 10) * 1000;
          current = { value, until: now() + expiresInSeconds * 1000 - margin };
          return value;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    forget() {
      current = null;
    },
  };
}
