import {
  adminPayoutPageSchema,
  adminPayoutSchema,
  liabilityReportSchema,
  monthOf,
  salesReportSchema,
  settlementReportSchema,
  vatReportSchema,
  type SalesGrouping,
} from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';
import { downloadFile } from './download.ts';

/** The first and last day of a month, `YYYY-MM-DD`. */
export function monthSpan(month: string): { from: string; to: string } {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: last };
}

/** This month and the ones before it, newest first, as `YYYY-MM` in Faroe time. */
export function recentMonths(now: Date, count: number): string[] {
  const [year = 0, m = 1] = monthOf(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, m - 1 - i, 1)).toISOString().slice(0, 7),
  );
}

const salesPath = (month: string, groupBy: SalesGrouping, format = 'json') => {
  const { from, to } = monthSpan(month);
  return `/admin/reports/sales?${new URLSearchParams({ from, to, groupBy, format }).toString()}`;
};

export function useSalesReport(month: string, groupBy: SalesGrouping) {
  return useQuery({
    queryKey: ['admin', 'finance', 'sales', month, groupBy],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(salesPath(month, groupBy), { schema: salesReportSchema, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useVatReport(month: string) {
  return useQuery({
    queryKey: ['admin', 'finance', 'vat', month],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/reports/vat?month=${month}`, { schema: vatReportSchema, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Today in Faroe time, `YYYY-MM-DD`: the day the settlement opens on. */
export const faroeToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Faroe' }).format(now);

/** One day's captures and refunds against the gateway's settlement report. */
export function useSettlement(day: string) {
  return useQuery({
    queryKey: ['admin', 'finance', 'settlement', day],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/reports/settlement?day=${day}`, {
          schema: settlementReportSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLiability() {
  return useQuery({
    queryKey: ['admin', 'finance', 'liability'],
    queryFn: ({ signal }) =>
      unwrap(apiRequest('/admin/reports/liability', { schema: liabilityReportSchema, signal })),
  });
}

export function usePayouts(month: string) {
  return useQuery({
    queryKey: ['admin', 'finance', 'payouts', month],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/payouts?month=${month}&take=100`, {
          schema: adminPayoutPageSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Approves a payout for transfer, or records that it was transferred. */
export function usePayoutStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: 'approve' | 'paid' }) =>
      unwrap(
        apiRequest(`/admin/payouts/${id}/${step}`, { method: 'POST', schema: adminPayoutSchema }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'finance', 'payouts'] }),
  });
}

/** The files of the finance screen, each as the API makes it. */
export const financeFiles = {
  sales: (month: string, groupBy: SalesGrouping) =>
    downloadFile(salesPath(month, groupBy, 'csv'), `sales-${month}-${groupBy}.csv`),
  vat: (month: string) =>
    downloadFile(`/admin/reports/vat?month=${month}&format=csv`, `vat-${month}.csv`),
  settlement: (day: string) =>
    downloadFile(`/admin/reports/settlement?day=${day}&format=csv`, `settlement-${day}.csv`),
  payouts: (month: string) =>
    downloadFile(`/admin/payouts?month=${month}&format=csv`, `payouts-${month}.csv`),
};
