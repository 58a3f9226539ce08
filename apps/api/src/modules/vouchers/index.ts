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
} from './service.ts';
