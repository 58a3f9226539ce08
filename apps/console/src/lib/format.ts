import { formatDateTime } from '@stod/domain';
import { currentLocale } from '../i18n/index.ts';

/** A date and time in the console's language: "kl." in Faroese only. */
export const dateTime = (value: Date | string | number): string =>
  formatDateTime(value, currentLocale());
