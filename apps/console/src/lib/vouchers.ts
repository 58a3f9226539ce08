import { adminVoucherPageSchema, adminVoucherSchema } from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';
import { downloadFile } from './download.ts';

export const VOUCHER_PAGE = 20;

export interface VoucherFilter {
  /** A code as printed, a code's id, or words of its name or batch. */
  q: string;
  /** One order's codes. */
  batch: string;
}

/** The codes on issue, newest first, narrowed by a search or a batch. */
export function useVoucherList(filter: VoucherFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(VOUCHER_PAGE) });
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.batch) query.set('batch', filter.batch);
  return useQuery({
    queryKey: ['admin', 'vouchers', filter.q.trim(), filter.batch, offset],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/vouchers?${query.toString()}`, {
          schema: adminVoucherPageSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Blocks a code (by its id) or lets it go again. */
export function useBlockVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) =>
      unwrap(
        apiRequest(`/admin/vouchers/${id}/block`, {
          method: blocked ? 'POST' : 'DELETE',
          schema: adminVoucherSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'vouchers'] }),
  });
}

/** Downloads one batch as CSV; false when it could not be had. */
export const downloadBatchCsv = (batch: string): Promise<boolean> =>
  downloadFile(`/admin/vouchers/batches/${encodeURIComponent(batch)}/csv`, `vouchers-${batch}.csv`);
