import { adminVoucherPageSchema, adminVoucherSchema } from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';
import { useSession } from './session.ts';

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

/**
 * Downloads one batch as CSV: the file needs the session's token, so it is fetched and handed to
 * the browser as a file rather than opened as a link.
 */
export async function downloadBatchCsv(batch: string): Promise<boolean> {
  const { token } = useSession.getState();
  const response = await fetch(`/api/admin/vouchers/batches/${encodeURIComponent(batch)}/csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `vouchers-${batch}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
