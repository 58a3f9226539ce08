import { isApiError } from '@stod/web-client';
import { useCallback, useEffect, useRef } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  UseFormSetError,
  UseFormSetFocus,
} from 'react-hook-form';
import { removeToast, showToast } from '@stod/ui/toast-store.ts';
import { apiErrorOf } from './api-error.ts';

/**
 * Server field errors go under their fields; anything else is an error toast with the server's
 * text (through `toast`, by default a plain one). `error` is what a mutation threw, or the API's
 * error itself. Returns true when at least one field took an error.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  toast: (message: string) => void = (message) => showToast('error', message),
): boolean {
  const apiError = isApiError(error) ? error : apiErrorOf(error);
  let placed = false;
  for (const [field, message] of Object.entries(apiError.fieldErrors ?? {})) {
    const match = fields.find((f) => f === field);
    if (match) {
      setError(match, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) toast(apiError.message);
  return placed;
}

/**
 * The error toast of one form. It stands for what the form could not show under a field, so it
 * goes as soon as the form shows field errors again (a new try, client-side or from the server),
 * and a newer toast of the same form replaces it instead of stacking.
 *
 * `fieldErrorCount` is the number of fields showing an error now.
 */
export function useFormErrorToast(fieldErrorCount: number) {
  const shown = useRef<number | null>(null);
  const dismiss = useCallback(() => {
    if (shown.current === null) return;
    removeToast(shown.current);
    shown.current = null;
  }, []);
  const show = useCallback(
    (message: string) => {
      dismiss();
      shown.current = showToast('error', message);
    },
    [dismiss],
  );
  useEffect(() => {
    if (fieldErrorCount > 0) dismiss();
  }, [fieldErrorCount, dismiss]);
  return { show, dismiss };
}

/**
 * A form's `onInvalid`: the first field in the screen's order that shows an error takes the focus
 * and comes to the middle of the screen, its label clear of the header. react-hook-form would
 * focus the first field registered, which is not the first on screen when some fields register
 * in a child component (the contact fields of registration).
 */
export function focusFirstError<T extends FieldValues>(
  fields: readonly Path<T>[],
  errors: FieldErrors<T>,
  setFocus: UseFormSetFocus<T>,
) {
  const first = fields.find((field) => field in errors);
  if (first === undefined) return;
  setFocus(first);
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && typeof focused.scrollIntoView === 'function') {
    focused.scrollIntoView({ block: 'center' });
  }
}
