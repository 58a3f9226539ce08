import {
  adminPlanSchema,
  adminPlansSchema,
  subscribersPageSchema,
  type PlanInput,
  type PlanPatch,
  type Subscriber,
} from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, auditReasonHeader, unwrap } from './api.ts';

export const SUBSCRIBER_PAGE = 20;
const plansKey = ['admin', 'subscription-plans'] as const;

/** Every plan with its subscribers now, and the products a plan may cover. */
export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) =>
      unwrap(apiRequest('/admin/subscription-plans', { schema: adminPlansSchema, signal })),
  });
}

/** Makes a plan, or changes one (by its id); a change carries the operator's reason. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      plan,
      reason,
    }: {
      id: number | null;
      plan: PlanInput | PlanPatch;
      reason: string;
    }) =>
      unwrap(
        apiRequest(id ? `/admin/subscription-plans/${String(id)}` : '/admin/subscription-plans', {
          method: id ? 'PATCH' : 'POST',
          body: plan,
          headers: auditReasonHeader(reason),
          schema: adminPlanSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: plansKey }),
  });
}

export type SubscriberFilter = Subscriber['status'] | 'all';

/** A plan's subscribers, a page at a time, newest first. */
export function useSubscribers(planId: number, status: SubscriberFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(SUBSCRIBER_PAGE) });
  if (status !== 'all') query.set('status', status);
  return useQuery({
    queryKey: [...plansKey, planId, 'subscribers', status, offset],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/subscription-plans/${String(planId)}/subscribers?${query.toString()}`, {
          schema: subscribersPageSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Cancels a subscription on its customer's behalf: no renewal, usable until it ends. */
export function useCancelFor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(
        apiRequest(`/admin/user-subscriptions/${id}/cancel`, {
          method: 'POST',
          headers: auditReasonHeader(reason),
          schema: z.object({ id: z.string(), status: z.string() }).loose(),
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: plansKey }),
  });
}
