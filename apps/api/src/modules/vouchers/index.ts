import type { ModuleDefinition } from '../../platform/modules.ts';
import { voucherRoutes } from './routes.ts';
export {
  batchCsv,
  blockCode,
  issue,
  issueCodes,
  liability,
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

export const vouchersModule: ModuleDefinition = { name: 'vouchers', routes: [voucherRoutes] };
