import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsStaff } from './staff.ts';
import { bearer, createTestApp, registerUser, registration, type TestApp } from './app.ts';

/** The 500s a fuzz run once found, each pinned as the localized 400 it answers now. */
const NOT_ALLOWED = 'Teksturin hevur tekin, sum ikki eru loyvd.';
const INVALID = 'Virðið er ikki gildigt.';

let t: TestApp;
let token: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerUser(t.app));
  operatorToken = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(() => t.close());

async function fieldErrorsOf(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = bearer(token),
) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; fieldErrors?: Record<string, string> }>();
  expect(body.code).toBe('VALIDATION');
  return body.fieldErrors;
}

describe('NUL characters', () => {
  it('in registration are a field error, and no user is made', async () => {
    const body = registration({ name: 'Guðrun\u0000Hansen' });
    expect(await fieldErrorsOf('POST', '/api/user', body, {})).toEqual({ name: NOT_ALLOWED });
    const again = await t.app.inject({ method: 'POST', url: '/api/user', payload: body });
    expect(again.statusCode).toBe(400);
  });

  it('in the profile', async () => {
    const profile = {
      name: 'Guðrun Hansen',
      address: '\u0000',
      postCode: '100',
      city: 'Tórshavn',
      mobile: '291234',
    };
    expect(await fieldErrorsOf('PATCH', '/api/user', profile)).toEqual({ address: NOT_ALLOWED });
  });

  it('in the payment agreement', async () => {
    const agreement = {
      fullName: 'Guðrun Hansen',
      email: 'gudrun@example.fo',
      phone: '+298 291234',
      registrationNumber: '6460',
      accountNumber: '1234567890',
    };
    for (const method of ['POST', 'PATCH'] as const) {
      expect(
        await fieldErrorsOf(method, '/api/payment-agreement', {
          ...agreement,
          fullName: 'Guðrun\u0000',
        }),
      ).toEqual({ fullName: NOT_ALLOWED });
    }
  });

  it('in a card name', async () => {
    expect(
      await fieldErrorsOf('POST', '/api/payment-methods/stodkort/create', { name: 'Bil\u0000' }),
    ).toEqual({ name: NOT_ALLOWED });
    expect(await fieldErrorsOf('POST', '/api/payment-methods', { name: '\u0000' })).toEqual({
      name: NOT_ALLOWED,
    });
  });

  it('in the challenge of a provider card code', async () => {
    const body = { cardNumber: '7077000000000011', challengeId: 'a\u0000', code: '123456' };
    expect(await fieldErrorsOf('POST', '/api/payment-methods/stodkort/add', body)).toEqual({
      challengeId: NOT_ALLOWED,
    });
  });

  it('in a voucher order', async () => {
    const order = {
      kind: 'value',
      name: 'Jól\u0000',
      amount: 10_000,
      codeType: 'pin',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    expect(
      await fieldErrorsOf('POST', '/api/admin/vouchers', order, bearer(operatorToken)),
    ).toEqual({
      name: NOT_ALLOWED,
    });
  });

  it('in the maintenance notice, which keeps its line breaks', async () => {
    const url = '/api/admin/maintenance';
    const headers = bearer(operatorToken);
    const notice = (fo: string) => ({ enabled: true, message: { fo, en: 'Closed today.' } });
    expect(await fieldErrorsOf('PUT', url, notice('a\u0000'), headers)).toEqual({
      'message.fo': NOT_ALLOWED,
    });
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...notice('Lokað í dag.\nOpið í morgin.'), enabled: false },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('numbers beyond the database integer', () => {
  it.each(['1e10', '2147483648', '99999999999999999999', '-1', '0', '1.5'])(
    'GET /api/subscriptions/%s is a field error on the id',
    async (id) => {
      expect(await fieldErrorsOf('GET', `/api/subscriptions/${id}`)).toEqual({ id: INVALID });
      expect(await fieldErrorsOf('GET', `/api/subscriptions/${id}/price?interval=monthly`)).toEqual(
        { id: INVALID },
      );
    },
  );

  it('a plan at the very top of the range is merely not found', async () => {
    const res = await t.app.inject({ url: '/api/subscriptions/2147483647' });
    expect(res.statusCode).toBe(404);
  });

  it('{"subscriptionId":2147483648} is a field error', async () => {
    const url = `/api/user-subscriptions/${randomUUID()}/upgrade`;
    expect(await fieldErrorsOf('POST', url, { subscriptionId: 2_147_483_648 })).toEqual({
      subscriptionId: INVALID,
    });
  });

  it('paging past the range is a field error', async () => {
    expect(await fieldErrorsOf('GET', '/api/receipts?offset=2147483648&take=1e10')).toEqual({
      offset: INVALID,
      take: INVALID,
    });
    expect(await fieldErrorsOf('GET', '/api/dev/outbox?offset=1e20', undefined, {})).toEqual({
      offset: INVALID,
    });
    const admin = bearer(operatorToken);
    expect(await fieldErrorsOf('GET', '/api/admin/vouchers?offset=1e10', undefined, admin)).toEqual(
      { offset: INVALID },
    );
  });
});
