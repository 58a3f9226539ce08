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

/**
 * A day's start, UTC midnight (the Faroe Islands are at most an hour off), or null for a day a
 * date field let through that is none (a five-digit year).
 */
function dayStart(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) ? date : null;
}

function nextDay(day: string): Date | null {
  const date = dayStart(day);
  date?.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function useAudit(filter: AuditFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(AUDIT_PAGE) });
  if (filter.action) query.set('action', filter.action);
  const from = dayStart(filter.from);
  const until = nextDay(filter.until);
  if (from) query.set('from', from.toISOString());
  if (until) query.set('until', until.toISOString());
  return useQuery({
    queryKey: ['admin', 'audit', filter, offset],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/audit?${query.toString()}`, { schema: auditPageSchema, signal })),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
