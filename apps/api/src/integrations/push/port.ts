import type { PushPayload } from '@stod/domain';

export type PushPlatform = 'web' | 'ios' | 'android';
export type PushProvider = 'outbox' | 'webpush' | 'fcm' | 'apns';

/**
 * A provider's refusal. `dead` means the token will never work again (uninstalled app, expired
 * subscription): the token is removed. `retry` means the provider may take it later (busy, down,
 * throttled); anything else is a message that will not go, however often it is sent.
 */
export class PushError extends Error {
  readonly dead: boolean;
  readonly retry: boolean;
  readonly status: number | undefined;
  constructor(message: string, dead: boolean, retry: boolean, status?: number) {
    super(message);
    this.dead = dead;
    this.retry = retry;
    this.status = status;
  }
}

/** One provider's way to a device. */
export interface PushSender {
  readonly provider: PushProvider;
  send(token: string, message: PushPayload): Promise<void>;
}

/** The push port: the sender of each platform, and the key a browser subscribes with. */
export interface PushPort {
  senderFor(platform: PushPlatform): PushSender;
  /** The VAPID public key (base64url) for PushManager.subscribe, or null without Web Push. */
  webPublicKey(): Promise<string | null>;
  /** Checks a token the app registers, before it is stored; answers whether it may be used. */
  acceptsToken(platform: PushPlatform, token: string): boolean;
}

/** A provider's answer to an HTTP send, as a PushError or nothing. */
export function refusalOf(provider: string, status: number, detail: string, deadCodes: number[]) {
  if (status >= 200 && status < 300) return null;
  const dead = deadCodes.includes(status);
  const retry = status === 429 || status >= 500;
  return new PushError(`${provider} answered ${String(status)}: ${detail}`, dead, retry, status);
}

/** A failure to reach the provider at all: worth another try. */
export const unreachable = (provider: string, error: unknown) =>
  new PushError(
    `${provider} unreachable: ${error instanceof Error ? error.message : String(error)}`,
    false,
    true,
  );
