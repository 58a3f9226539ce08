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
  /** What the action was done to, as it stood before and after (secrets masked), or null. */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
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

/** One field an action changed: its path (`openingHours.0.open`), the value before and after. */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lists are compared whole when they hold plain values; longer paths would say less. */
const isPlainList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');

/** At most this many fields are listed; an object deeper than this is compared whole. */
const MAX_CHANGES = 50;
const MAX_DEPTH = 6;

/**
 * The fields that differ between an object before and after an action, in the order they
 * appear: nested objects by their paths, lists of plain values whole, anything else compared as
 * JSON. A field only before reads as removed (after undefined), one only after as added.
 */
export function auditChanges(before: unknown, after: unknown): AuditFieldChange[] {
  const changes: AuditFieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (changes.length >= MAX_CHANGES) return;
    const nested =
      depth < MAX_DEPTH &&
      ((isRecord(a) && isRecord(b)) ||
        (Array.isArray(a) && Array.isArray(b) && !(isPlainList(a) && isPlainList(b))));
    if (nested) {
      const keys = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
      for (const key of keys) {
        walk(
          (a as Record<string, unknown>)[key],
          (b as Record<string, unknown>)[key],
          path ? `${path}.${key}` : key,
          depth + 1,
        );
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field: path, before: a, after: b });
  };
  walk(before, after, '', 0);
  return changes;
}
