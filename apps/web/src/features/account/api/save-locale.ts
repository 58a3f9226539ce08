import type { Locale } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client.ts';
import { saveUserLocale } from '../../../lib/user-locale.ts';

export function useSaveLocale() {
  return useMutation({ mutationFn: (locale: Locale) => unwrap(saveUserLocale(locale)) });
}
