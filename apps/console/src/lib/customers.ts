import {
  supportCustomerDetailSchema,
  supportCustomerPageSchema,
  supportCustomerSchema,
  supportPaymentSchema,
  type SupportCustomer,
  type SupportCustomerDetail,
  type SupportPayment,
  type TimelineEntry,
} from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from './api.ts';
import { isNotFound } from './station-live.ts';

export type { SupportCustomer, SupportCustomerDetail, SupportPayment, TimelineEntry };

/** Customers shown on one page of the search. */
export const CUSTOMERS_PAGE = 25;

export function useCustomerSearch(q: string, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(CUSTOMERS_PAGE) });
  if (q.trim()) query.set('q', q.trim());
  return useQuery({
    queryKey: ['admin', 'customers', q.trim(), offset],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/customers?${query.toString()}`, {
          schema: supportCustomerPageSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const customerKey = (id: string) => ['admin', 'customers', 'one', id] as const;

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: customerKey(id),
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/customers/${id}`, { schema: supportCustomerDetailSchema, signal })),
    staleTime: 0,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

/** Kroner as typed (`50`, `50,5`, `50.50`) in whole øre; NaN for anything else. */
export function oreOfKroner(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const refundAnswerSchema = z.object({ receiptId: z.string(), payment: supportPaymentSchema });

/**
 * Gives money back on one payment. The caller names the attempt with `key`, made when the form
 * opened: a retry after a lost answer refunds nothing twice.
 */
export function useRefund(customerId: string, paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; reason: string; key: string }) =>
      unwrap(
        apiRequest(`/admin/payments/${paymentId}/refund`, {
          method: 'POST',
          body: { amount: input.amount, reason: input.reason },
          headers: { 'Idempotency-Key': input.key },
          schema: refundAnswerSchema,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: customerKey(customerId) }),
  });
}

export function useBlock(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { blocked: boolean; reason: string }) =>
      unwrap(
        apiRequest(`/admin/customers/${customerId}/blocked`, {
          method: 'PUT',
          body: input,
          schema: supportCustomerSchema,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}

/** Lets go of a hold nothing uses; one key per opened form, as a refund. */
export function useReleaseHold(customerId: string, paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string; key: string }) =>
      unwrap(
        apiRequest(`/admin/payments/${paymentId}/release`, {
          method: 'POST',
          body: { reason: input.reason },
          headers: { 'Idempotency-Key': input.key },
          schema: supportPaymentSchema,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: customerKey(customerId) }),
  });
}

export function useResendReceipt(receiptId: string) {
  return useMutation({
    mutationFn: (input: { reason: string }) =>
      unwrap(
        apiRequest(`/admin/receipts/${receiptId}/resend`, {
          method: 'POST',
          body: input,
          schema: z.null(),
        }),
      ),
  });
}
