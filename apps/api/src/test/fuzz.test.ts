import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_PROVIDER_CARDS } from '../integrations/provider-cards/seed.ts';
import { signWebhook } from '../integrations/payments/signature.ts';
import { signInAsStaff } from './staff.ts';
import { createTestApp, registerUser, type TestApp } from './app.ts';
import {
  operationsOf,
  reproduction,
  requestFor,
  type FuzzRequest,
  type Operation,
} from './fuzz-inputs.ts';
import { undocumentedOperations } from './fuzz-undocumented.ts';
import type { Hints } from './fuzz-values.ts';

/**
 * Every operation of the OpenAPI document, and the few it leaves out, gets odd and hostile
 * requests, signed out and signed in; none may answer 5xx. FUZZ_RUNS sets the requests per
 * operation (`npm run fuzz` sends 250), FUZZ_SEED the seed, and FUZZ_VERBOSE=1 prints the
 * statuses each operation answered.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const PASSWORD = 'sterkt-loyniord';

/** A card number of the provider's own range that passes the Luhn check. */
function ownCardNumber(body: string): string {
  for (let d = 0; d < 10; d += 1) {
    const digits = `7077${body}${String(d)}`;
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

/** Values of the right shape where a schema cannot say it, mixed with free ones. */
const hints: Hints = {
  email: fc.oneof(
    fc.stringMatching(/^[a-z]{1,12}@[a-z]{2,10}\.fo$/),
    fc.constantFrom('A@B.FO', ' spaced@example.fo ', 'a@b'),
  ),
  password: fc.oneof(fc.constant(PASSWORD), fc.string({ minLength: 8, maxLength: 40 })),
  passwordConfirmation: fc.constant(PASSWORD),
  oldPassword: fc.oneof(fc.constant(PASSWORD), fc.string({ maxLength: 20 })),
  mobile: fc.stringMatching(/^\d{6,12}$/),
  cardNumber: fc.oneof(
    fc.constantFrom(...SIM_PROVIDER_CARDS.map((card) => card.number)),
    fc.stringMatching(/^\d{11}$/).map(ownCardNumber),
    fc.stringMatching(/^[\d -]{12,24}$/),
  ),
  pin: fc.oneof(
    fc.constantFrom(...SIM_PROVIDER_CARDS.map((card) => card.pin)),
    fc.stringMatching(/^\d{4}$/),
  ),
  challengeId: fc.oneof(fc.uuid(), fc.string({ maxLength: 100 })),
  accountNumber: fc.stringMatching(/^\d{1,10}$/),
  code: fc.oneof(fc.stringMatching(/^[A-Z0-9]{4,12}$/), fc.stringMatching(/^\d{6}$/)),
  to: fc.stringMatching(/^[a-z]{1,12}@example\.fo$/),
  count: fc.integer({ min: 1, max: 3 }),
  returnPath: fc.constantFrom('/profile/payment-methods', '/home', '//evil.example', 'https://x'),
  expiresAt: fc
    .integer({ min: -1_000, max: 10_000 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
};

/** Each operation has its own seed, so a new route leaves the others' requests as they were. */
function seedOf(name: string): number {
  let hash = SEED;
  for (let i = 0; i < name.length; i += 1) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash;
}

type As = 'anonymous' | 'user' | 'admin' | 'bad token';

const WEBHOOK = '/api/payments/webhook';

let t: TestApp;
let operations: Operation[];
let userToken = '';
let operatorToken = '';

async function newUser() {
  userToken = (await registerUser(t.app, { password: PASSWORD, passwordConfirmation: PASSWORD }))
    .token;
}

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '100000000',
    SIGNIN_MAX_PER_ACCOUNT: '100000000',
    SIGNIN_MAX_PER_IP: '100000000',
  });
  const docs = await t.app.inject({ url: '/api/docs/json' });
  operations = [
    ...operationsOf(docs.json()).filter((op) => op.path !== WEBHOOK),
    ...undocumentedOperations(t.app.ctx.config),
  ];
  await newUser();
  operatorToken = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(() => t.close());

function authHeader(as: As): Record<string, string> {
  if (as === 'user') return { authorization: `Bearer ${userToken}` };
  if (as === 'admin') return { authorization: `Bearer ${operatorToken}` };
  if (as === 'bad token') return { authorization: `Bearer ${'x'.repeat(40)}\u00ff` };
  return {};
}

/** Signs webhook bodies as the gateway would, so that they reach the handler; a bad token does not. */
function signature(req: FuzzRequest, as: As): Record<string, string> {
  if (!req.url.startsWith(WEBHOOK) || req.payload === undefined || as === 'bad token') return {};
  const signed = signWebhook(t.app.ctx.config.GATEWAY_WEBHOOK_SECRET, req.payload);
  return { 'x-gateway-signature': signed };
}

async function send(req: FuzzRequest, as: As) {
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...req.headers, ...authHeader(as), ...signature(req, as) },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
  // Deleting the account, signing out or changing the password may end the session: start anew.
  const changed = res.statusCode < 300 && req.method !== 'GET';
  if (as === 'user' && (res.statusCode === 401 || changed)) {
    const me = await t.app.inject({ url: '/api/user/v2', headers: authHeader('user') });
    if (me.statusCode === 401) await newUser();
  }
  return res;
}

/** Statuses that a validator or a guard answers before any handler runs. */
const GUARDED = new Set([400, 401, 403, 413, 414, 415, 429, 431]);

/** Node's HTTP client, like most, reads at most 16 KB of headers: an answer past that is lost. */
const MAX_RESPONSE_HEADERS = 16 * 1024;
const headerBytes = (headers: Record<string, unknown>) =>
  Object.entries(headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);

describe('OpenAPI-driven fuzzing', () => {
  it(
    'answers no request with a 5xx, nor with more headers than a client reads',
    async () => {
      expect(operations.length).toBeGreaterThan(30);
      const failures = new Map<string, string>();
      const reached = new Set<string>();
      const statuses = new Map<string, Map<number, number>>();
      let sent = 0;
      for (const op of operations) {
        const name = `${op.method} ${op.path}`;
        const admin = op.path.startsWith('/api/admin');
        const identity = fc.oneof(
          { weight: 3, arbitrary: fc.constant<As>(admin ? 'admin' : 'user') },
          { weight: 1, arbitrary: fc.constantFrom<As>('anonymous', 'bad token') },
        );
        const cases = fc.sample(fc.tuple(requestFor(op, hints), identity), {
          seed: seedOf(name),
          numRuns: RUNS,
        });
        for (const [req, as] of cases) {
          const res = await send(req, as);
          sent += 1;
          if (!GUARDED.has(res.statusCode)) reached.add(name);
          const counts = statuses.get(name) ?? new Map<number, number>();
          counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
          statuses.set(name, counts);
          const problem =
            res.statusCode >= 500
              ? String(res.statusCode)
              : headerBytes(res.headers) > MAX_RESPONSE_HEADERS
                ? `${String(res.statusCode)} with ${String(headerBytes(res.headers))} bytes of headers`
                : undefined;
          if (problem) {
            const where = `${name} → ${problem}`;
            if (!failures.has(where)) failures.set(where, reproduction(req, as));
          }
        }
      }
      if (process.env.FUZZ_VERBOSE) {
        const rows = [...statuses].map(
          ([n, c]) =>
            `${n.padEnd(48)} ${[...c].map(([k, v]) => `${String(k)}×${String(v)}`).join(' ')}`,
        );
        console.log(`${String(sent)} requests\n${rows.join('\n')}`);
      }
      const report = [...failures].map(([where, how]) => `${where}\n${how}`);
      if (report.length > 0) {
        console.error(
          `${String(report.length)} distinct 5xx in ${String(sent)} requests:\n\n${report.join('\n\n')}`,
        );
      }
      expect(report).toEqual([]);
      // Most operations must see valid-shaped requests get past validation to their handlers.
      const unreached = operations
        .map((op) => `${op.method} ${op.path}`)
        .filter((n) => !reached.has(n));
      expect(unreached.length, `never past validation: ${unreached.join(', ')}`).toBeLessThan(
        operations.length / 5,
      );
    },
    // A guard against a hang, not a measure: 20 requests to each of some 200 operations take
    // about a minute alone, and longer beside the rest of the suite on two cores.
    Math.max(300_000, RUNS * 15_000),
  );
});

describe('the fuzz inputs', () => {
  /** An operation like the API's own: an int4 path id, a paged query and a strict body. */
  const op: Operation = {
    method: 'POST',
    path: '/api/things/{id}',
    params: [
      { in: 'path', name: 'id', schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
      { in: 'query', name: 'take', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ],
    body: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 100 },
        subscriptionId: { type: 'integer', minimum: 1 },
      },
      required: ['name'],
    },
    secured: true,
  };

  it('hold the hostile kinds that once gave 500s, with the same seed every run', () => {
    const sample = fc.sample(requestFor(op, {}), { seed: SEED, numRuns: 400 });
    const urls = sample.map((r) => r.url);
    const bodies = sample.map((r) => r.payload ?? '');
    expect(
      urls.some((u) => /^\/api\/things\/(1e%2B?10|1e10|2147483648|10000000000)\b/.test(u)),
    ).toBe(true);
    expect(urls.some((u) => u.includes('%00'))).toBe(true);
    expect(bodies.some((b) => b.includes('\\u0000'))).toBe(true);
    expect(bodies.some((b) => b.includes('"subscriptionId":2147483648'))).toBe(true);
    expect(bodies.some((b) => b.length >= 100 * 1024 && b.length < 1024 * 1024)).toBe(true);
    expect(bodies.some((b) => b.startsWith('{') && !isJson(b))).toBe(true);
    expect(sample.some((r) => r.headers['content-type'] === 'text/plain')).toBe(true);
    expect(sample.some((r) => (r.headers['accept-language'] ?? '').length > 1_000)).toBe(true);
    // Valid-shaped bodies too, or the handlers behind the validators are never reached.
    expect(bodies.some((b) => isJson(b) && /^\{"name":"[^"]{2,}"/.test(b))).toBe(true);
    expect(fc.sample(requestFor(op, {}), { seed: SEED, numRuns: 400 })).toEqual(sample);
  });
});

function isJson(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
