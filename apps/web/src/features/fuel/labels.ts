import type { TransactionLabel } from '@stod/domain';

/** Spec §4's refuelling labels; the wash's own labels never reach a refuelling. */
export const FUEL_LABEL_KEYS = {
  ready: 'fuel.label.ready',
  countdown: 'fuel.label.ready',
  inProgress: 'fuel.label.inProgress',
  complete: 'fuel.label.complete',
  stopped: 'fuel.label.inProgress',
  cancelled: 'fuel.label.cancelled',
} as const satisfies Record<TransactionLabel, string>;
