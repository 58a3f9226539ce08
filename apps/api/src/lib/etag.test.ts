import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { heldReads } from './etag.ts';

/** A server with one held read, its clock and its loads in the test's hands. */
function serve(ttlMs = 5000) {
  let now = 1_000_000;
  let loads = 0;
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const reads = heldReads(ttlMs, () => now);
  const app = Fastify();
  app.get<{ Querystring: { key?: string } }>('/held', (request, reply) =>
    reads.answer(request, reply, request.query.key ?? 'a', async () => {
      loads += 1;
      const n = loads;
      if (gate) await gate;
      return { n, name: 'Støð Klaksvík' };
    }),
  );
  return {
    app,
    reads,
    loads: () => loads,
    pass: (ms: number) => {
      now += ms;
    },
    hold: () => {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => {
      gate = undefined;
      release?.();
    },
  };
}

let open: ReturnType<typeof serve>['app'] | undefined;
afterEach(() => open?.close());

describe('heldReads', () => {
  it('answers the kept JSON with its ETag until the time runs out, then loads again', async () => {
    const s = serve();
    open = s.app;
    const first = await s.app.inject({ url: '/held' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(first.json()).toEqual({ n: 1, name: 'Støð Klaksvík' });
    s.pass(4999);
    const second = await s.app.inject({ url: '/held' });
    expect(second.json()).toEqual({ n: 1, name: 'Støð Klaksvík' });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(s.loads()).toBe(1);
    s.pass(1);
    expect((await s.app.inject({ url: '/held' })).json()).toMatchObject({ n: 2 });
  });

  it('answers 304 to a client holding the ETag, and keeps one copy per key', async () => {
    const s = serve();
    open = s.app;
    const first = await s.app.inject({ url: '/held' });
    const again = await s.app.inject({
      url: '/held',
      headers: { 'if-none-match': `W/"other", ${first.headers.etag as string}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await s.app.inject({ url: '/held?key=b' });
    expect(other.json()).toMatchObject({ n: 2 });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('shares one load among callers that ask while it runs', async () => {
    const s = serve();
    open = s.app;
    s.hold();
    const asked = [1, 2, 3].map(() => s.app.inject({ url: '/held' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    s.release();
    const answers = await Promise.all(asked);
    expect(answers.map((a) => a.json<{ n: number }>().n)).toEqual([1, 1, 1]);
    expect(s.loads()).toBe(1);
  });

  it('drops what it keeps on forget, and does not keep a load that a forget overtook', async () => {
    const s = serve();
    open = s.app;
    await s.app.inject({ url: '/held' });
    s.reads.forget();
    expect((await s.app.inject({ url: '/held' })).json()).toMatchObject({ n: 2 });

    s.hold();
    const during = s.app.inject({ url: '/held' });
    s.pass(6000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    s.reads.forget();
    s.release();
    // The read that was loading when the write was heard answers its caller once…
    expect((await during).json()).toMatchObject({ n: 3 });
    // …and the next caller gets a fresh one.
    expect((await s.app.inject({ url: '/held' })).json()).toMatchObject({ n: 4 });
  });
});
