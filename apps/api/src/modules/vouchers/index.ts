export {
  issue,
  issueCodes,
  list,
  listCodes,
  newVoucherCode,
  redeem,
  returnBalance,
  returnBalanceOfPayment,
  spendBalance,
  returnProductVoucher,
  takeProductVoucher,
} from './service.ts';
