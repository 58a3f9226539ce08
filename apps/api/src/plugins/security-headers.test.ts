import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

/** Answers of an app that `register` set up: JSON, a 201, an error and a 404, with headers. */
async function answers(register: (app: FastifyInstance) => PromiseLike<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/ok', () => ({ ok: true }));
  app.post('/made', (_request, reply) => reply.status(201).send({ made: true }));
  app.get('/fails', () => {
    throw new Error('no');
  });
  const heads = [];
  for (const [method, url] of [
    ['GET', '/ok'],
    ['POST', '/made'],
    ['GET', '/fails'],
    ['GET', '/missing'],
  ] as const) {
    const res = await app.inject({ method, url });
    // The clock's header is the one that may differ between two answers.
    const headers = { ...res.headers, date: undefined };
    heads.push({ status: res.statusCode, headers, body: res.body });
  }
  await app.close();
  return heads;
}

const options: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'wasm-unsafe-eval'"] },
  },
};

describe('security headers', () => {
  it('are the ones @fastify/helmet sets with the same options, on every kind of answer', async () => {
    const expected = await answers((app) => app.register(helmet, options));
    const actual = await answers((app) => app.register(securityHeaders, { options }));
    expect(actual).toEqual(expected);
    expect(actual.map((answer) => answer.status)).toEqual([200, 201, 500, 404]);
    expect(actual[1]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(actual[0]?.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
  });

  it('follow the options: another policy, another header', async () => {
    const [other] = await answers((app) =>
      app.register(securityHeaders, { options: { contentSecurityPolicy: false } }),
    );
    expect(other?.headers['content-security-policy']).toBeUndefined();
    expect(other?.headers['x-content-type-options']).toBe('nosniff');
  });
});
