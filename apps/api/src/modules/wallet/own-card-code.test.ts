import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCardsSim } from '../../integrations/provider-cards/sim.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
let sim: ProviderCardsSim;
beforeAll(async () => {
  t = await createTestApp();
  sim = t.app.ctx.providerCards as ProviderCardsSim;
});
afterAll(() => t.close());

const post = (path: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment-methods/stodkort/add${path}`,
    headers: bearer(token),
    payload,
  });

/** The code in the newest message the simulator sent to `to`. */
async function codeSentTo(to: string) {
  const [message] = await sim.messagesTo(to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

describe('proving a provider card with a code sent to its holder', () => {
  it('sends a code by text message and adds the card with it, once', async () => {
    const user = await registerUser(t.app);
    const { number, phone } = await sim.issueTestCard({ holder: { phone: '+298 21 23 45' } });
    const sent = await post('/code', user.token, { cardNumber: number, channel: 'sms' });
    expect(sent.statusCode).toBe(201);
    const challenge = sent.json<{ challengeId: string; destination: string }>();
    // Masked: only the holder knows whose number ends so.
    expect(challenge.destination).toBe('•• •• 45');
    const code = await codeSentTo(phone ?? '');

    const wrong = await post('', user.token, {
      cardNumber: number,
      challengeId: challenge.challengeId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'OWN_CARD_CODE',
      fieldErrors: { code: 'Kotan er skeiv ella útgingin.' },
    });

    const res = await post('', user.token, {
      cardNumber: number,
      challengeId: challenge.challengeId,
      code,
      name: 'Bilurin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'own_card',
      last4: number.slice(-4),
      name: 'Bilurin',
    });

    const other = await registerUser(t.app);
    const replay = await post('', other.token, {
      cardNumber: number,
      challengeId: challenge.challengeId,
      code,
    });
    expect(replay.json()).toMatchObject({ statusCode: 422, code: 'OWN_CARD_CODE' });
  });

  it("does not let another user answer someone's code", async () => {
    const asker = await registerUser(t.app);
    const thief = await registerUser(t.app);
    const { number, email } = await sim.issueTestCard();
    const sent = await post('/code', asker.token, { cardNumber: number, channel: 'email' });
    expect(sent.json<{ destination: string }>().destination).toMatch(/^p•••@example\.fo$/);
    const code = await codeSentTo(email ?? '');
    const res = await post('', thief.token, {
      cardNumber: number,
      challengeId: sent.json<{ challengeId: string }>().challengeId,
      code,
    });
    expect(res.statusCode).toBe(422);
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(thief.token) });
    expect(list.json().items).toEqual([]);
  });

  it('gives a code up after five wrong answers', async () => {
    const user = await registerUser(t.app);
    const { number, phone } = await sim.issueTestCard();
    const sent = await post('/code', user.token, { cardNumber: number, channel: 'sms' });
    const { challengeId } = sent.json<{ challengeId: string }>();
    const code = await codeSentTo(phone ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      await post('', user.token, { cardNumber: number, challengeId, code: wrong });
    const late = await post('', user.token, { cardNumber: number, challengeId, code });
    expect(late.json()).toMatchObject({ statusCode: 422, code: 'OWN_CARD_CODE' });
  });

  it("sends at most 3 codes an hour to one card's holder, whoever asks", async () => {
    const { number } = await sim.issueTestCard();
    for (let i = 0; i < 3; i += 1) {
      const asker = await registerUser(t.app);
      const sent = await post('/code', asker.token, { cardNumber: number, channel: 'sms' });
      expect(sent.statusCode).toBe(201);
    }
    const fourth = await registerUser(t.app);
    const refused = await post('/code', fourth.token, { cardNumber: number, channel: 'sms' });
    expect(refused.statusCode).toBe(429);
  });

  it('refuses a channel the holder has not registered, and bad requests', async () => {
    const user = await registerUser(t.app);
    const noEmail = await post('/code', user.token, {
      cardNumber: '7077000000000037',
      channel: 'email',
    });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({
      code: 'OWN_CARD_NO_CHANNEL',
      fieldErrors: {
        channel: 'Vit kunnu ikki senda kotu hendan vegin. Vel ein annan veg ella nýt PIN-kotuna.',
      },
    });
    for (const payload of [
      { cardNumber: '7077000000000037', channel: 'pigeon' },
      { cardNumber: '4242424242424242', channel: 'sms' },
      { cardNumber: '7077000000000037', channel: 'sms', extra: 1 },
    ]) {
      const res = await post('/code', user.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toBeDefined();
    }
    const unknown = await post('/code', user.token, {
      cardNumber: '7077000000000078',
      channel: 'sms',
    });
    expect(unknown.json()).toMatchObject({ statusCode: 422, code: 'OWN_CARD_UNKNOWN' });
    const codeWithoutChallenge = await post('', user.token, {
      cardNumber: '7077000000000037',
      code: '123456',
    });
    expect(codeWithoutChallenge.statusCode).toBe(400);
    expect(codeWithoutChallenge.json().fieldErrors.code).toBe('Vinaliga tøppa kotu inn.');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/stodkort/add/code',
      payload: { cardNumber: '7077000000000037', channel: 'sms' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the card issuer being away', () => {
  it('answers 503, not 500', async () => {
    const down = await createTestApp({ PROVIDER_CARDS_FAILURE_RATE: '1' });
    try {
      const user = await registerUser(down.app);
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/payment-methods/stodkort/add',
        headers: bearer(user.token),
        payload: { cardNumber: '7077000000000011', pin: '1234' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'CARD_ISSUER_UNAVAILABLE' });
    } finally {
      await down.close();
    }
  });
});
