export {
  authorise,
  authoriseKey,
  capture,
  captureWithBalance,
  markServiceStarted,
  paymentByKey,
  refund,
  voidHold,
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
