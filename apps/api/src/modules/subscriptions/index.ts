export {
  beverageCover,
  cancel,
  getPlan,
  listPlans,
  renewDue,
  subscribe,
  toPlan,
  toUserSubscription,
  upgrade,
  usable,
} from './service.ts';
