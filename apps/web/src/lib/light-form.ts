import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { notify, withdraw } from './notify.ts';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The part of a zod schema this hook uses; the schema itself is loaded on demand. */
export interface LazyFormSchema<Out> {
  safeParse(
    input: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A small form for screens whose first paint is budgeted (/login): uncontrolled inputs, the
 * domain schema imported when the user first touches the form, errors as message keys like
 * react-hook-form would give. Every other form uses react-hook-form with zodResolver.
 */
export function useLightForm<K extends string, Out>(
  fields: readonly K[],
  loadSchema: () => Promise<LazyFormSchema<Out>>,
) {
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [submitting, setSubmitting] = useState(false);
  const toast = useRef<Promise<number> | null>(null);

  /** The form's error toast: what it cannot show under a field. A newer one replaces it. */
  const showError = useCallback((message: string) => {
    if (toast.current) withdraw(toast.current);
    toast.current = notify('error', message);
  }, []);

  const prefetch = useCallback(() => {
    void loadSchema();
  }, [loadSchema]);

  const clearError = useCallback((field: K) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const handleSubmit =
    (onValid: (values: Out) => Promise<FormErrors<K> | undefined>) =>
    async (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const data = new FormData(form);
      const values = Object.fromEntries(
        fields.map((f) => {
          const value = data.get(f);
          return [f, typeof value === 'string' ? value : ''];
        }),
      );
      setSubmitting(true);
      try {
        const parsed = (await loadSchema()).safeParse(values);
        const found: FormErrors<K> = parsed.success
          ? ((await onValid(parsed.data)) ?? {})
          : firstIssuePerField(parsed.error.issues, fields);
        setErrors(found);
        const first = fields.find((f) => found[f]);
        // Field errors say it now: the toast of an earlier try goes.
        if (first && toast.current) {
          withdraw(toast.current);
          toast.current = null;
        }
        if (first) {
          const input = form.elements.namedItem(first);
          if (input instanceof HTMLElement) input.focus();
        }
      } finally {
        setSubmitting(false);
      }
    };

  return { errors, submitting, prefetch, clearError, handleSubmit, showError };
}

function firstIssuePerField<K extends string>(
  issues: readonly Issue[],
  fields: readonly K[],
): FormErrors<K> {
  const out: FormErrors<K> = {};
  for (const issue of issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
