import { createPrivateKey, type KeyObject } from 'node:crypto';

/**
 * A PEM key from an environment variable, where newlines are often written as `\n`. Read at once,
 * so a key that is not one stops the start; jose signs with it and checks it fits the algorithm.
 */
export const pemKey = (pem: string): KeyObject => createPrivateKey(pem.replace(/\\n/g, '\n'));

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
