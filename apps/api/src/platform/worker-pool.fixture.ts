// A worker for worker-pool.test.ts: answers after a while, refuses, or dies, as told.
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { serveWorker } from './worker-pool.ts';

export interface FixtureJob {
  waitMs: number;
  outcome: 'answer' | 'refuse' | 'die';
}

serveWorker(async ({ waitMs, outcome }: FixtureJob) => {
  await sleep(waitMs);
  if (outcome === 'die') process.exit(3);
  if (outcome === 'refuse') throw new Error('refused');
  return threadId;
});
