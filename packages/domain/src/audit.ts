import { z } from 'zod';

/** One staff action as the audit log keeps it (`GET /api/admin/audit`). */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  /** Their name and address as they are now; null if the account is gone. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The role the staff member had when they acted. */
  actorRole: z.string(),
  /** The method and the route's pattern: `PUT /api/admin/id-tags/:idTag`. */
  action: z.string(),
  /** The route's parameters: what the action was done to. */
  target: z.record(z.string(), z.string()),
  /** The body as sent, its secrets masked. */
  request: z.unknown(),
  /** The answer's HTTP status: 2xx done, 4xx refused. */
  status: z.number().int(),
  /** What the staff member gave as the reason (`X-Audit-Reason`, or a body's `reason`). */
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  /** Every action the log holds, to narrow it by. */
  actions: z.array(z.string()),
});

/** The longest reason kept. */
export const AUDIT_REASON_MAX = 500;
