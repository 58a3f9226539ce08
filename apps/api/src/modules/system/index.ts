export {
  checkAppVersion,
  companyOf,
  forgetSwitches,
  maintenanceStatus,
  setAppVersion,
  setMaintenance,
  SWITCH_TTL_MS,
} from './service.ts';
// The development mail outbox is read by the dev routes.
export { listOutbox } from './repo.ts';
