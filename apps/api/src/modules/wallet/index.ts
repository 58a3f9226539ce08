import type { ModuleDefinition } from '../../platform/modules.ts';
import { defineWalletJobs as defineJobs } from './own-cards.ts';
import { walletRoutes } from './routes.ts';
import { walletProjections as projections } from './service.ts';
export {
  cardSessionStatus,
  getAgreement,
  getOne,
  handleWebhook,
  list,
  remove,
  saveAgreement,
  setFavourite,
  startCardEntry,
  toView,
} from './service.ts';
export {
  addOwnCard,
  announceActivation,
  createOwnCard,
  defineWalletJobs,
  requestCode,
} from './own-cards.ts';
// A subscription charges the card's token, which the card's view leaves out.
export { findMethod, listMethods } from './repo.ts';
export type { PaymentMethodRow } from './repo.ts';

export const walletModule: ModuleDefinition = {
  name: 'wallet',
  routes: [walletRoutes],
  jobs: (jobs) => {
    defineJobs(jobs);
  },
  projections,
};
