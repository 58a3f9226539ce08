import { formatDate, type ShareLimitsView } from '@stod/domain';

/** A whole number with dots between the thousands: 10.000. */
export const groupThousands = (value: number | string) =>
  String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Energy in Wh as the installations' screens show it: '1.234,56' (kWh, two decimals). */
export function formatKwhOfWh(wh: number): string {
  const [whole = '0', fraction = '00'] = (Math.max(0, wh) / 1000).toFixed(2).split('.');
  return `${groupThousands(whole)},${fraction}`;
}

/** A share's last day as the app writes dates: the day before the instant it ends. */
export function formatLastDay(endsAt: string): string {
  return formatDate(new Date(new Date(endsAt).getTime() - 1));
}

/** Month keys of the texts ('installations.month.03'), for a 'YYYY-MM'. */
export const MONTH_KEYS = {
  '01': 'installations.month.01',
  '02': 'installations.month.02',
  '03': 'installations.month.03',
  '04': 'installations.month.04',
  '05': 'installations.month.05',
  '06': 'installations.month.06',
  '07': 'installations.month.07',
  '08': 'installations.month.08',
  '09': 'installations.month.09',
  '10': 'installations.month.10',
  '11': 'installations.month.11',
  '12': 'installations.month.12',
} as const;

export function monthParts(month: string) {
  const [year = '', mm = '01'] = month.split('-');
  const key = MONTH_KEYS[mm as keyof typeof MONTH_KEYS];
  return { year, key };
}

/** The share's use this month against its cap, in kWh. */
export function usedText(limits: Pick<ShareLimitsView, 'usedThisMonthWh' | 'monthlyKwhCap'>) {
  return {
    used: formatKwhOfWh(limits.usedThisMonthWh),
    cap: limits.monthlyKwhCap === null ? null : groupThousands(limits.monthlyKwhCap),
  };
}
