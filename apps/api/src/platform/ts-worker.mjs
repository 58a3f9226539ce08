// A worker thread starts with its own module loader: Vitest's transform does not reach it. Node
// strips the types of the TypeScript entry itself (the code uses only erasable syntax, as the
// server does), so the worker needs no loader of its own, in production or under the tests.
import { workerData } from 'node:worker_threads';

await import(workerData.entry);
