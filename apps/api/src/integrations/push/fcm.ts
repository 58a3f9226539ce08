import type { PushPayload } from '@stod/domain';
import { SignJWT } from 'jose';
import { PushError, refusalOf, unreachable, type PushSender } from './port.ts';
import { cachedToken, pemKey } from './provider-token.ts';

export interface FcmOptions {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** Google's endpoints; tests point them at a local server. */
  apiBase?: string;
  tokenUrl?: string;
  fetch?: typeof fetch;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * Firebase Cloud Messaging, HTTP v1 API, for the Android shell (and an iOS shell that registers
 * FCM tokens). A service account's signed assertion is traded for an OAuth access token, kept
 * until shortly before it expires.
 */
export function fcmSender(options: FcmOptions): PushSender {
  const send = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? 'https://fcm.googleapis.com';
  const tokenUrl = options.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  const key = pemKey(options.privateKey);
  const accessToken = cachedToken(async () => {
    const iat = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.clientEmail)
      .setAudience(tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
    let response: Response;
    try {
      response = await send(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion,
        }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw unreachable('Google OAuth', error);
    }
    if (!response.ok) {
      // A refused service account is configuration, not something a retry mends soon.
      const retry = response.status === 429 || response.status >= 500;
      throw new PushError(`Google OAuth answered ${String(response.status)}`, false, retry);
    }
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PushError('Google OAuth gave no access token', false, true);
    return { value: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
  });

  return {
    provider: 'fcm',
    async send(token: string, message: PushPayload) {
      const bearer = await accessToken.get();
      const url = `${apiBase}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: message.title, body: message.body },
              data: { url: message.url, kind: message.kind, tag: message.tag },
              android: {
                priority: message.kind === 'offers' ? 'normal' : 'high',
                collapse_key: message.tag.slice(0, 64),
                notification: { tag: message.tag },
              },
            },
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw unreachable('FCM', error);
      }
      if (response.status === 401) accessToken.forget();
      const text = await response.text();
      const refusal = refusalOf('FCM', response.status, text.slice(0, 300), [404]);
      if (!refusal) return;
      // UNREGISTERED: the app was removed or the token replaced; INVALID_ARGUMENT on the token.
      const code = /"errorCode"\s*:\s*"(\w+)"/.exec(text)?.[1];
      if (code === 'UNREGISTERED')
        throw new PushError(refusal.message, true, false, refusal.status);
      if (response.status === 401) throw new PushError(refusal.message, false, true, 401);
      throw refusal;
    },
  };
}
