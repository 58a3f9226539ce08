// A worker thread starts with its own module loader: neither tsx's hooks under `npm start` nor
// Vitest's transform reach it. It registers tsx itself, then loads the TypeScript entry it is given.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
