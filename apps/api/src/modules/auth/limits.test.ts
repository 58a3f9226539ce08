import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { MailMessage, Mailer } from '../../integrations/mail/port.ts';
import {
  createTestApp,
  lastMailTo,
  registerUser,
  signIn,
  statuses,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_PER_ACCOUNT: '10', SIGNIN_MAX_PER_IP: '1000' });
});
afterAll(() => t.close());

describe('sign-in limit per account', () => {
  it('checks at most 10 of 30 wrong passwords sent at once; the rest answer 429', async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(t.app, user.email, `wrong-password-${String(i)}`),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
    // The account stays locked for the window, even for the right password.
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(429);
  });

  it('lets a right password through and starts the count again after it', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 9; i += 1)
      expect((await signIn(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1)
      expect((await signIn(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });
});

const forgot = (app: TestApp['app'], email: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/user/forgotPassword',
    remoteAddress: ip,
    payload: { email },
  });

async function mailFor(app: TestApp['app'], email: string) {
  for (let i = 0; i < 50; i += 1) {
    const mail = await lastMailTo(app, email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('POST /api/user/forgotPassword limits', () => {
  it('answers 429 after 5 requests an hour for one address, known or not', async () => {
    const user = await registerUser(t.app);
    for (const email of [user.email, uniqueEmail()]) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(t.app, email)).statusCode).toBe(204);
      const limited = await forgot(t.app, email, '10.0.0.2');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      });
    }
    expect((await mailFor(t.app, user.email))?.subject).toBe('Nýtt loyniorð');
    // Another address is not affected.
    expect((await forgot(t.app, uniqueEmail())).statusCode).toBe(204);
  });

  it('answers 429 after 20 requests an hour from one IP address', async () => {
    const ip = '10.9.9.9';
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => forgot(t.app, uniqueEmail(), ip)),
    );
    expect(statuses(answers)).toEqual({ 204: 20, 429: 5 });
    expect((await forgot(t.app, uniqueEmail(), '10.9.9.10')).statusCode).toBe(204);
  });
});

describe('POST /api/user/forgotPassword answers before the mail is sent', () => {
  it('answers 204 for a registered address while the mailer has not finished', async () => {
    const sent: MailMessage[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      kind: 'outbox',
      send: async (message) => {
        await gate;
        sent.push(message);
      },
      close: () => Promise.resolve(),
    };
    const app = await buildApp(testConfig(), { mailer });
    try {
      const user = await registerUser(app);
      const res = await Promise.race([
        forgot(app, user.email),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000)),
      ]);
      expect(res === 'waited' ? res : res.statusCode).toBe(204);
      expect(sent).toHaveLength(0);
      release();
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]?.to).toBe(user.email);
    } finally {
      release();
      await app.close();
    }
  });

  it('lets a reset mail still being sent finish when the app closes', async () => {
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        sent.push(message.to);
      },
      close: () => Promise.resolve(),
    };
    const app = await buildApp(testConfig(), { mailer });
    const user = await registerUser(app);
    expect((await forgot(app, user.email)).statusCode).toBe(204);
    await app.close();
    expect(sent).toEqual([user.email]);
  });

  it('answers 204 when the mailer fails, and the failure is no unhandled rejection', async () => {
    const mailer: Mailer = {
      kind: 'outbox',
      send: () => Promise.reject(new Error('smtp down')),
      close: () => Promise.resolve(),
    };
    const app = await buildApp(testConfig(), { mailer });
    try {
      const user = await registerUser(app);
      expect((await forgot(app, user.email)).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await app.close();
    }
  });
});
