import type { ApiError } from '@stod/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showToast } from '@stod/ui/toast-store.ts';

/**
 * Server field errors go under their fields; anything else is a toast with the server's text.
 * Returns true when at least one field took an error.
 */
export function applyApiError<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let placed = false;
  for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
    const match = fields.find((f) => f === field);
    if (match) {
      setError(match, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) showToast('error', error.message);
  return placed;
}
