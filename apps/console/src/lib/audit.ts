import { auditPageSchema, type AuditEntry } from '@stod/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';

export type { AuditEntry };

export interface AuditFilter {
  /** As kept: `PUT /api/admin/id-tags/:idTag`; empty for every action. */
  action: string;
  /** A day, `2026-11-29`, from its start; empty for none. */
  from: string;
  /** A day, through its end; empty for none. */
  until: string;
}

/** Entries shown on one page of the log. */
export const AUDIT_PAGE = 50;

/** The day's start in the Faroe Islands is taken as UTC midnight: a day either side is fine. */
const dayStart = (day: string) => `${day}T00:00:00Z`;
const nextDay = (day: string) => {
  const date = new Date(dayStart(day));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

export function useAudit(filter: AuditFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(AUDIT_PAGE) });
  if (filter.action) query.set('action', filter.action);
  if (filter.from) query.set('from', dayStart(filter.from));
  if (filter.until) query.set('until', nextDay(filter.until));
  return useQuery({
    queryKey: ['admin', 'audit', filter, offset],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/audit?${query.toString()}`, { schema: auditPageSchema, signal })),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
