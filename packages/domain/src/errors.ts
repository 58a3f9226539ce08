import { z } from 'zod';
import { isMessageKey, translate, type Locale, type MessageKey } from './messages/index.ts';

/** The one error shape every API failure uses. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** A title for the refusal, where the app shows it as an alert (spec §8). */
  header: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

function resolve(message: string, locale: Locale): string {
  return translate(isMessageKey(message) ? message : 'validation.invalid', locale);
}

/**
 * Turns zod issues into one message per field, keyed by the dotted path.
 * Unknown keys are reported on each unknown field; the first issue of a field wins.
 */
export function fieldErrorsFromIssues(
  issues: readonly IssueLike[],
  locale: Locale,
): Record<string, string> {
  // A Map, so that field names such as "constructor" or "__proto__" are plain keys.
  const out = new Map<string, string>();
  const put = (path: string, message: string) => {
    const field = path === '' ? '_' : path;
    if (!out.has(field)) out.set(field, resolve(message, locale));
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const k of issue.keys) put(base ? `${base}.${k}` : k, issue.message);
    } else {
      put(base, issue.message);
    }
  }
  return Object.fromEntries(out);
}

export type ErrorKey = Extract<MessageKey, `error.${string}`>;
