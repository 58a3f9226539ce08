import { defaultLocale, type Locale } from './messages/index.ts';

/** Dates and times are shown as the Faroe Islands see them, wherever the server runs. */
export const TIME_ZONE = 'Atlantic/Faroe';

const MONTHS: Record<Locale, readonly string[]> = {
  fo: ['jan', 'feb', 'mar', 'apr', 'mai', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'des'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/**
 * A formatter in the Faroe Islands' time, made on first use: making one loads the time zone's
 * data, which a phone's first screen should not wait for when it shows no date.
 */
export function faroeFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, ...options }));
}

/** Year, month, day, hour and minute, each as two digits (the year as four). */
export const faroeParts = faroeFormatter({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

function parts(value: Date | string | number): Parts {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const found: Record<string, string> = {};
  for (const part of faroeParts().formatToParts(date)) found[part.type] = part.value;
  return {
    year: found.year ?? '',
    month: found.month ?? '',
    day: found.day ?? '',
    hour: found.hour ?? '',
    minute: found.minute ?? '',
  };
}

/** A number with comma decimals, as the Faroe Islands write it: 12,35 (not finite: 0). */
export function formatDecimal(value: number, digits: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(digits).replace('.', ',');
}

/** Energy in Wh as kWh with two decimals: 12345 → '12,35'. */
export const formatKwhOfWh = (wh: number): string => formatDecimal(Math.max(0, wh) / 1000, 2);

/** Integer øre to '1.234,50 kr.': comma decimals, dot thousands, always 2 decimals. */
export function formatCurrency(ore: number): string {
  if (!Number.isInteger(ore)) throw new RangeError('Amounts are whole øre');
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const ore2 = String(abs % 100).padStart(2, '0');
  return `${sign}${kroner},${ore2} kr.`;
}

/** 'DD.MM.YYYY' */
export function formatDate(value: Date | string | number): string {
  const p = parts(value);
  return `${p.day}.${p.month}.${p.year}`;
}

/** 'HH:mm' on the Faroe clock. */
export function formatTime(value: Date | string | number): string {
  const p = parts(value);
  return `${p.hour}:${p.minute}`;
}

/** 'DD.MM.YYYY kl. HH:mm' in Faroese, 'DD.MM.YYYY, HH:mm' in English. */
export function formatDateTime(
  value: Date | string | number,
  locale: Locale = defaultLocale,
): string {
  const p = parts(value);
  const date = `${p.day}.${p.month}.${p.year}`;
  return locale === 'en' ? `${date}, ${p.hour}:${p.minute}` : `${date} kl. ${p.hour}:${p.minute}`;
}

/**
 * The receipt layout's 'DD. MMM. YYYY kl. HH.MM', e.g. '05. mar. 2026 kl. 14.07'; in English
 * as English writes it, '05 Mar 2026, 14:07' ('kl.' is Faroese).
 */
export function formatReceiptDate(
  value: Date | string | number,
  locale: Locale = defaultLocale,
): string {
  const p = parts(value);
  const month = MONTHS[locale][Number(p.month) - 1] ?? p.month;
  return locale === 'en'
    ? `${p.day} ${month} ${p.year}, ${p.hour}:${p.minute}`
    : `${p.day}. ${month}. ${p.year} kl. ${p.hour}.${p.minute}`;
}

/** A distance as the app shows it: '0,05 km', '12,30 km' (comma decimals, 2 places, spec §9). */
export function formatDistance(km: number): string {
  return `${km.toFixed(2).replace('.', ',')} km`;
}
