import type { TransactionLabel } from '@stod/domain';

/** Spec §4's car-wash labels: ready to wash, starts in a countdown, in progress, finished. */
export const WASH_LABEL_KEYS = {
  ready: 'carwash.label.ready',
  countdown: 'carwash.label.countdown',
  inProgress: 'carwash.label.inProgress',
  complete: 'carwash.label.complete',
  stopped: 'carwash.label.stopped',
  cancelled: 'carwash.label.cancelled',
} as const satisfies Record<TransactionLabel, string>;
