import { AttemptKeys } from '../../lib/attempt-keys.ts';

/** The subscriptions' own keeper: an attempt outlives the sheet or screen it started in. */
export const attemptKeys = new AttemptKeys();
