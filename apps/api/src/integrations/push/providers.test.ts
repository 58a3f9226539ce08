import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createH2Server, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@stod/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { apnsSender } from './apns.ts';
import { fcmSender } from './fcm.ts';
import { PushError } from './port.ts';
import { endpointAllowed, parseSubscription } from './webpush.ts';

const message: PushPayload = {
  title: 'Maturin er klárur',
  body: 'Bíleging 7',
  url: '/food-order/order?id=1',
  tag: 'foodReady:1',
  kind: 'foodReady',
};

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (c: string) => (text += c));
    request.on('end', () => resolve(text));
  });

const servers: (Server | Http2Server)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const jwtParts = (jwt: string) => {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>,
    input: `${header}.${claims}`,
    signature: Buffer.from(signature, 'base64url'),
  };
};

describe('FCM HTTP v1', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  async function fakeGoogle(answer: (token: string) => { status: number; body: string }) {
    const seen = {
      tokens: 0,
      assertions: [] as ReturnType<typeof jwtParts>[],
      sends: [] as { auth: string; body: Record<string, unknown> }[],
    };
    const server = createServer((request, response) => {
      void bodyOf(request).then((text) => {
        if (request.url === '/token') {
          seen.tokens += 1;
          const assertion = new URLSearchParams(text).get('assertion') ?? '';
          const jwt = jwtParts(assertion);
          seen.assertions.push(jwt);
          const valid = verify('sha256', Buffer.from(jwt.input), rsa.publicKey, jwt.signature);
          response.writeHead(valid ? 200 : 400, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ access_token: `access-${String(seen.tokens)}`, expires_in: 3600 }),
          );
          return;
        }
        const body = JSON.parse(text) as { message: { token: string } };
        seen.sends.push({ auth: request.headers.authorization ?? '', body });
        const { status, body: out } = answer(body.message.token);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(out);
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    const sender = fcmSender({
      projectId: 'stod-app',
      clientEmail: 'push@stod-app.iam.gserviceaccount.com',
      privateKey: pem.replace(/\n/g, '\\n'),
      apiBase: base,
      tokenUrl: `${base}/token`,
    });
    return { seen, sender, tokenUrl: `${base}/token` };
  }

  it('trades a signed assertion for an access token once, and sends the notification with its data', async () => {
    const { seen, sender, tokenUrl } = await fakeGoogle(() => ({
      status: 200,
      body: '{"name":"m/1"}',
    }));
    await sender.send('device-a', message);
    await sender.send('device-b', message);
    expect(seen.tokens).toBe(1);
    const [assertion] = seen.assertions;
    expect(assertion?.header).toMatchObject({ alg: 'RS256' });
    expect(assertion?.claims).toMatchObject({
      iss: 'push@stod-app.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: tokenUrl,
    });
    expect(Number(assertion?.claims.exp) - Number(assertion?.claims.iat)).toBe(3600);
    expect(seen.sends.map((s) => s.auth)).toEqual(['Bearer access-1', 'Bearer access-1']);
    expect(seen.sends[0]?.body).toMatchObject({
      message: {
        token: 'device-a',
        notification: { title: 'Maturin er klárur', body: 'Bíleging 7' },
        data: { url: '/food-order/order?id=1', kind: 'foodReady' },
      },
    });
  });

  it('calls an unregistered token dead, a busy service worth a retry, and a bad request neither', async () => {
    const { sender } = await fakeGoogle((token) =>
      token === 'gone'
        ? {
            status: 404,
            body: JSON.stringify({
              error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
            }),
          }
        : token === 'busy'
          ? { status: 503, body: '{}' }
          : { status: 400, body: '{"error":{"status":"INVALID_ARGUMENT"}}' },
    );
    const outcome = (token: string) =>
      sender.send(token, message).then(
        () => null,
        (error: unknown) => error as PushError,
      );
    expect(await outcome('gone')).toMatchObject({ dead: true, retry: false });
    expect(await outcome('busy')).toMatchObject({ dead: false, retry: true });
    expect(await outcome('bad')).toMatchObject({ dead: false, retry: false });
  });
});

describe('APNs over HTTP/2', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  async function fakeApple(answer: (token: string) => { status: number; body?: string }) {
    const seen: {
      path: string;
      headers: Record<string, unknown>;
      body: Record<string, unknown>;
    }[] = [];
    const server = createH2Server();
    server.on('stream', (stream, headers) => {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (text += c));
      stream.on('end', () => {
        const path = String(headers[':path']);
        seen.push({ path, headers, body: JSON.parse(text) as Record<string, unknown> });
        const { status, body } = answer(decodeURIComponent(path.split('/').pop() ?? ''));
        stream.respond({ ':status': status, 'content-type': 'application/json' });
        stream.end(body ?? '');
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const sender = apnsSender({
      keyId: 'KEY1234567',
      teamId: 'TEAM123456',
      bundleId: 'fo.stod.app',
      privateKey: pem,
      production: false,
      origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    });
    return { seen, sender };
  }

  it('posts the alert to the device with a signed provider token, topic and collapse id', async () => {
    const { seen, sender } = await fakeApple(() => ({ status: 200 }));
    try {
      await sender.send('abc123', message);
      const [sent] = seen;
      expect(sent?.path).toBe('/3/device/abc123');
      expect(sent?.headers).toMatchObject({
        'apns-topic': 'fo.stod.app',
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-collapse-id': 'foodReady:1',
      });
      expect(sent?.body).toMatchObject({
        aps: { alert: { title: 'Maturin er klárur', body: 'Bíleging 7' } },
        url: '/food-order/order?id=1',
      });
      const jwt = jwtParts(String(sent?.headers.authorization).replace(/^bearer /, ''));
      expect(jwt.header).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
      expect(jwt.claims).toMatchObject({ iss: 'TEAM123456', iat: expect.any(Number) });
      expect(
        verify(
          'sha256',
          Buffer.from(jwt.input),
          { key: ec.publicKey, dsaEncoding: 'ieee-p1363' },
          jwt.signature,
        ),
      ).toBe(true);
    } finally {
      sender.close();
    }
  });

  it('calls an unregistered or bad device token dead, and a throttled one worth a retry', async () => {
    const { sender } = await fakeApple((token) =>
      token === 'gone'
        ? { status: 410, body: '{"reason":"Unregistered"}' }
        : token === 'bad'
          ? { status: 400, body: '{"reason":"BadDeviceToken"}' }
          : { status: 429, body: '{"reason":"TooManyRequests"}' },
    );
    try {
      const outcome = (token: string) =>
        sender.send(token, message).then(
          () => null,
          (error: unknown) => error as PushError,
        );
      expect(await outcome('gone')).toMatchObject({ dead: true });
      expect(await outcome('bad')).toMatchObject({ dead: true });
      expect(await outcome('slow')).toMatchObject({ dead: false, retry: true });
    } finally {
      sender.close();
    }
  });
});

describe('web push subscriptions', () => {
  const keys = {
    p256dh: Buffer.alloc(65, 4).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
  };

  it('reads a browser subscription and refuses anything else', () => {
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys };
    expect(parseSubscription(JSON.stringify(sub))).toEqual(sub);
    expect(parseSubscription('{')).toBeNull();
    expect(
      parseSubscription(JSON.stringify({ ...sub, keys: { ...keys, auth: 'short' } })),
    ).toBeNull();
    expect(parseSubscription(JSON.stringify({ endpoint: sub.endpoint }))).toBeNull();
  });

  it('lets requests go only to the browsers’ push services over HTTPS, or the development one', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/x', null)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', null)).toBe(
      true,
    );
    expect(endpointAllowed('https://web.push.apple.com/x', null)).toBe(true);
    expect(endpointAllowed('https://fcm.googleapis.com:8443/x', null)).toBe(false);
    expect(endpointAllowed('https://evilfcm.googleapis.com.example/x', null)).toBe(false);
    expect(endpointAllowed('http://localhost:3000/api/dev/push-service/x', null)).toBe(false);
    expect(
      endpointAllowed(
        'http://localhost:3000/api/dev/push-service/x',
        'http://localhost:3000/api/dev/push-service/',
      ),
    ).toBe(true);
  });
});
