import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { reconcile as reconcilePayments } from './reconcile.ts';
export {
  authorise,
  authoriseKey,
  capture,
  captureWithBalance,
  gatewayKey,
  markServiceStarted,
  paymentByKey,
  refund,
  refundOf,
  voidHold,
  voidOf,
} from './service.ts';
export type { AuthoriseInput, Payment } from './service.ts';
export {
  hostedPaymentOf,
  onPaymentSessionEvent,
  registerHostedPayments,
  startHostedPayment,
} from './hosted.ts';
export type { HostedPayment, HostedPaymentInput } from './hosted.ts';
export { LEASE_MS, paymentKeyOf, registerRelease, runIdempotent } from './idempotent.ts';
export type { Claim, EffectRequest, EffectSteps } from './idempotent.ts';
export { reconcile } from './reconcile.ts';

export const paymentsModule: ModuleDefinition = {
  name: 'payments',
  // Voids holds whose service never started; safe to repeat after a crash, as its steps are keyed.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'payments.reconcile', config.RECONCILE_EVERY_SECONDS, (ctx) =>
      reconcilePayments(ctx, config.RECONCILE_UNSTARTED_MINUTES * 60_000),
    );
  },
};
