import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './repo.ts';

/**
 * Body fields that are never kept: a password, a PIN, a secret, an access token, a private or
 * API key. (`idToken` is a tag, not a secret: it says whom an action was about.)
 */
const SECRET =
  /password|passphrase|secret|^token$|accesstoken|refreshtoken|^pin$|simpin|pincode|privatekey|apikey|authorizationkey/i;
const MASK = '••••••';
/** Nested deeper than this, a value is masked whole rather than read. */
const MAX_DEPTH = 8;
/** The user and password in a URL: `ftp://user:pass@host/…` (a firmware or log location). */
const URL_CREDENTIALS = /(\/\/)[^/@\s]+@/g;

/**
 * An OCPP setting that names a secret, whose value sits beside the name: 1.6
 * `{key: 'AuthorizationKey', value}`, 2.0.1 `{variable: {name: 'BasicAuthPassword'},
 * attributeValue}`.
 */
function namesSecret(entry: Record<string, unknown>) {
  const variable = entry.variable as { name?: unknown } | undefined;
  const name = typeof entry.key === 'string' ? entry.key : variable?.name;
  return typeof name === 'string' && SECRET.test(name);
}

/** A field that is a secret where it stands: by its name, beside a secret's name, or a VPN key. */
const isSecret = (key: string, parent: string | null, settingIsSecret: boolean) =>
  SECRET.test(key) ||
  (settingIsSecret && (key === 'value' || key === 'attributeValue')) ||
  (parent === 'vpn' && key === 'key');

/** The body as the log keeps it: every secret masked, whatever it holds, at any depth. */
export function masked(value: unknown, depth = 0, parent: string | null = null): unknown {
  if (typeof value === 'string') return value.replace(URL_CREDENTIALS, `$1${MASK}@`);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return MASK;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1, parent));
  const entry = value as Record<string, unknown>;
  const settingIsSecret = namesSecret(entry);
  return Object.fromEntries(
    Object.entries(entry).map(([key, field]) => [
      key,
      isSecret(key, parent, settingIsSecret) ? MASK : masked(field, depth + 1, key),
    ]),
  );
}

/** At most this much of a body is kept; a bulk registration or a picture is only measured. */
const BODY_LIMIT = 16_000;

/**
 * The body as kept: bytes (a picture) only counted, a body larger than the limit only measured
 * (from its Content-Length, before any of it is walked), anything else masked.
 */
export function keptBody(body: unknown, bytes: number | null): unknown {
  if (body === undefined || body === null) return null;
  if (body instanceof Uint8Array) return { binary: true, bytes: body.byteLength };
  // Without a Content-Length (a chunked request), the body is measured before it is walked.
  const size = bytes ?? JSON.stringify(body).length;
  if (size > BODY_LIMIT) return { truncated: true, bytes: size };
  const hidden = masked(body);
  const text = JSON.stringify(hidden);
  return text.length <= BODY_LIMIT ? hidden : { truncated: true, bytes: text.length };
}

export interface StaffAction {
  actorId: string;
  actorRole: string;
  method: string;
  /** The route's pattern, `/api/admin/id-tags/:idTag`. */
  route: string;
  params: Record<string, string>;
  body: unknown;
  /** The body's Content-Length, when the request gave one. */
  bytes: number | null;
  status: number;
  reason: string | null;
  requestId: string;
  /** What the action changed, before and after, when known. */
  change?: { before?: unknown; after?: unknown };
}

/**
 * A route's parameters as text: a path's number arrives parsed (a station's id), and the log
 * shows what the address said. Older entries kept the number, so they are read the same way.
 */
function asText(params: Record<string, unknown> | null | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

/**
 * Keeps one staff action. It is written once the answer has gone, so a log that cannot be
 * written is reported, not turned into a failed action the staff member would try again.
 */
export async function recordStaffAction(ctx: ServiceContext, action: StaffAction) {
  try {
    await repo.insertEntry(ctx.db, {
      at: ctx.clock.now(),
      actorId: action.actorId,
      actorRole: action.actorRole,
      action: `${action.method} ${action.route}`,
      target: asText(action.params),
      request: keptBody(action.body, action.bytes),
      status: action.status,
      reason: action.reason,
      requestId: action.requestId,
      before: keptBody(action.change?.before, null),
      after: keptBody(action.change?.after, null),
    });
  } catch (error) {
    ctx.log.error({ err: error, action: action.route }, 'a staff action could not be audited');
  }
}

export async function auditPage(
  ctx: ServiceContext,
  filter: repo.AuditFilter,
  offset: number,
  take: number,
) {
  const page = await repo.pageOfEntries(ctx.db, filter, offset, take);
  return {
    actions: await repo.actionsKept(ctx.db),
    items: page.items.map(({ entry: row, actorName, actorEmail }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName,
      actorEmail,
      actorRole: row.actorRole,
      action: row.action,
      target: asText(row.target),
      request: row.request ?? null,
      status: row.status,
      reason: row.reason,
      requestId: row.requestId,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    total: page.total,
  };
}
