import type { PointState, TransactionLabel } from '@stod/domain';

/** Spec §4's refuelling labels; the wash's own labels never reach a refuelling. */
export const FUEL_LABEL_KEYS = {
  ready: 'fuel.label.ready',
  countdown: 'fuel.label.ready',
  inProgress: 'fuel.label.inProgress',
  complete: 'fuel.label.complete',
  stopped: 'fuel.label.inProgress',
  cancelled: 'fuel.label.cancelled',
} as const satisfies Record<TransactionLabel, string>;

/** A pump's state under its number, and beside the chosen pump when it is not free. */
export const POINT_STATE_KEYS = {
  free: 'fuel.state.free',
  busy: 'fuel.state.busy',
  unavailable: 'fuel.state.unavailable',
} as const satisfies Record<PointState, string>;
