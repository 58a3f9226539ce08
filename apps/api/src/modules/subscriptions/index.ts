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
  userWithUsable,
} from './service.ts';
