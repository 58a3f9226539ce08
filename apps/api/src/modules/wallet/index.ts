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
export { walletProjections } from './service.ts';
// A subscription charges the card's token, which the card's view leaves out.
export { findMethod, listMethods } from './repo.ts';
export type { PaymentMethodRow } from './repo.ts';
