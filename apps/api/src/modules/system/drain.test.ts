import { afterAll, describe, expect, it } from 'vitest';
import { startApiChild, stopApiChild, type ApiChild } from '../../test/api-child.ts';
import { sharedTestDatabase } from '../../test/app.ts';

// The real server stopping as a balancer sees it: SIGTERM makes it answer not ready while it
// drains, it still serves what comes meanwhile, and then it ends cleanly.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a stopping server', () => {
  it('answers not ready for SHUTDOWN_DRAIN_SECONDS, serves meanwhile, then ends with 0', async () => {
    const shared = await sharedTestDatabase();
    cleanups.push(shared.close);
    const api: ApiChild = await startApiChild(shared.url ?? '', undefined, {
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    cleanups.push(() => stopApiChild(api));
    expect((await fetch(`${api.base}/api/health/ready`)).status).toBe(200);
    const ended = new Promise<number | null>((resolve) => {
      api.process.once('exit', (code) => {
        resolve(code);
      });
    });
    api.process.kill('SIGTERM');
    let ready = await fetch(`${api.base}/api/health/ready`);
    for (let i = 0; i < 50 && ready.status === 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await fetch(`${api.base}/api/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', draining: true });
    expect((await fetch(`${api.base}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${api.base}/api/stations/stod`)).status).toBe(200);
    expect(await ended).toBe(0);
  });
});
