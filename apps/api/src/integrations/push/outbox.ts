import type { PushSender } from './port.ts';

/**
 * The development outbox: a platform without a configured provider delivers nowhere, and the
 * message stays readable at /api/dev/push-outbox (every message is kept there, sent or not).
 */
export const outboxSender = (): PushSender => ({
  provider: 'outbox',
  send: () => Promise.resolve(),
});
