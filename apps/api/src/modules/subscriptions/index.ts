export { cancel, subscribe, upgrade } from './service.ts';
export { renewDue } from './renewal.ts';
export {
  beverageCover,
  getPlan,
  listPlans,
  toPlan,
  toUserSubscription,
  usable,
  userWithUsable,
} from './views.ts';
