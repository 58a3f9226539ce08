import { vouchersResponseSchema, type Locale, type UserVoucher } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/index.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/vouchers, under the vouchers screen's key, so a wash paid by voucher updates both. */
export function getVouchers(signal?: AbortSignal) {
  return apiRequest('/vouchers', {
    schema: vouchersResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const vouchersQueryKey = ['vouchers'] as const;

const vouchersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...vouchersQueryKey, locale],
    queryFn: ({ signal }) => unwrap(getVouchers(signal)),
    staleTime: 0,
  });

/** A car-wash voucher the user has not used and that has not run out. */
export function isWashVoucher(voucher: UserVoucher, now: number): boolean {
  return (
    voucher.kind === 'product' &&
    voucher.product === 'carwash' &&
    voucher.usedAt === null &&
    Date.parse(voucher.expiresAt) > now
  );
}

/** The user's unused car-wash vouchers, the one that runs out first first. */
export function useWashVouchers() {
  return useQuery({
    ...vouchersQueryOptions(useLocale()),
    select: (data) =>
      data.items
        .filter((voucher) => isWashVoucher(voucher, Date.now()))
        .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt)),
  });
}
