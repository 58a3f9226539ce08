import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { PushPayload } from '@stod/domain';
import { SignJWT } from 'jose';
import { PushError, refusalOf, unreachable, type PushSender } from './port.ts';
import { cachedToken, pemKey } from './provider-token.ts';

export interface ApnsOptions {
  keyId: string;
  teamId: string;
  bundleId: string;
  /** The .p8 signing key's PEM. */
  privateKey: string;
  production: boolean;
  /** Apple's origin; tests point it at a local HTTP/2 server. */
  origin?: string;
}

/** Reasons for which the device token is of no more use (Apple's "Handling notification responses"). */
const DEAD_REASONS = ['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic'];

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication: an ES256 token
 * signed with the team's key, made again every 50 minutes (Apple refuses one older than an hour).
 */
export function apnsSender(options: ApnsOptions): PushSender & { close(): void } {
  const origin =
    options.origin ??
    (options.production ? 'https://api.push.apple.com' : 'https://api.sandbox.push.apple.com');
  const key = pemKey(options.privateKey);
  const providerToken = cachedToken(async () => ({
    value: await new SignJWT()
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setIssuedAt()
      .sign(key),
    expiresInSeconds: 3000,
  }));
  let session: ClientHttp2Session | null = null;
  const sessionOf = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(origin);
    opened.on('error', () => undefined);
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    opened.unref();
    session = opened;
    return opened;
  };

  const post = (token: string, message: PushPayload, bearer: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({
        aps: {
          alert: { title: message.title, body: message.body },
          sound: 'default',
          'thread-id': message.kind,
        },
        url: message.url,
        kind: message.kind,
      });
      const request = sessionOf().request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
        authorization: `bearer ${bearer}`,
        'apns-topic': options.bundleId,
        'apns-push-type': 'alert',
        'apns-priority': message.kind === 'offers' ? '5' : '10',
        'apns-collapse-id': message.tag.slice(0, 64),
        'apns-expiration': String(Math.floor(Date.now() / 1000) + 24 * 3600),
        'content-type': 'application/json',
      });
      request.setTimeout(15_000, () => request.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let text = '';
      request.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        if (status) resolve({ status, body: text });
        else reject(new Error('no answer'));
      });
      request.on('error', reject);
      request.end(body);
    });

  return {
    provider: 'apns',
    async send(token: string, message: PushPayload) {
      let answer: { status: number; body: string };
      try {
        answer = await post(token, message, await providerToken.get());
      } catch (error) {
        throw unreachable('APNs', error);
      }
      const reason = /"reason"\s*:\s*"(\w+)"/.exec(answer.body)?.[1] ?? '';
      if (answer.status === 403 && reason === 'ExpiredProviderToken') {
        providerToken.forget();
        throw new PushError('APNs: provider token expired', false, true, 403);
      }
      const refusal = refusalOf('APNs', answer.status, reason, [410]);
      if (!refusal) return;
      if (DEAD_REASONS.includes(reason))
        throw new PushError(refusal.message, true, false, refusal.status);
      throw refusal;
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
