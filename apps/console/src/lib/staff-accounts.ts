import {
  staffAccountSchema,
  staffPageSchema,
  type StaffAccount,
  type StaffCreate,
  type StaffPatch,
  type StaffRoleName,
} from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, auditReasonHeader, unwrap } from './api.ts';

export type { StaffAccount };

export interface StaffFilter {
  q: string;
  role: '' | StaffRoleName;
}

/** Accounts shown on one page of the staff list. */
export const STAFF_PAGE = 25;

const listKey = ['admin', 'staff'] as const;

export function useStaffAccounts(filter: StaffFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(STAFF_PAGE) });
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.role) query.set('role', filter.role);
  return useQuery({
    queryKey: [...listKey, filter, offset],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/staff?${query.toString()}`, { schema: staffPageSchema, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A member who follows their invitation or signs in shows so without a reload.
    refetchInterval: 15_000,
  });
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreate) =>
      unwrap(apiRequest('/admin/staff', { method: 'POST', body, schema: staffAccountSchema })),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useChangeStaff(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, reason }: { patch: StaffPatch; reason: string }) =>
      unwrap(
        apiRequest(`/admin/staff/${id}`, {
          method: 'PATCH',
          body: patch,
          headers: auditReasonHeader(reason),
          schema: staffAccountSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useReinvite(id: string) {
  return useMutation({
    mutationFn: () =>
      unwrap(
        apiRequest(`/admin/staff/${id}/invitation`, {
          method: 'POST',
          schema: staffAccountSchema,
        }),
      ),
  });
}
