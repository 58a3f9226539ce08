/**
 * Dates typed as the Faroe Islands write them, whatever the browser's own language: a native
 * date field follows the browser (11/28/2027 on a Faroese page), so the console's date fields
 * are text, `DD.MM.ÁÁÁÁ` and `DD.MM.ÁÁÁÁ TT:MM`, read here. `/` and `-` are taken as separators
 * too, and a day or month of one digit.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/;
const DAY_TIME = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s+|\s*,\s*|T)(\d{1,2})[:.](\d{2})\s*$/;

/** A real calendar day: 31.02 is not one. */
function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** `2027-11-28` as the field shows it: `28.11.2027`; '' for none. */
export function dayText(isoDay: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay ?? '');
  return match ? `${match[3] ?? ''}.${match[2] ?? ''}.${match[1] ?? ''}` : '';
}

/** What a day field holds, as `YYYY-MM-DD`; null for an empty field or one that is no day. */
export function dayOfText(text: string): string | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return realDay(year, month, day) ? `${String(year)}-${pad(month)}-${pad(day)}` : null;
}

/** An instant as the field shows it in this device's time: `28.11.2027 14:05`; '' for none. */
export function dateTimeText(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${String(d.getFullYear())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What a date-and-time field holds, as an instant; null for an empty or broken field. */
export function instantOfText(text: string): string | null {
  const match = DAY_TIME.exec(text);
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!realDay(year, month, day) || hour > 23 || minute > 59) return null;
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

const TIME = /^\s*(\d{1,2})[:.](\d{2})\s*$/;

/**
 * A time of day typed as `TT:MM`, as the next instant at that time in this device's time: today
 * if it is still to come, else tomorrow. Null for an empty field or one that is no time.
 */
export function nextTimeOfText(text: string, now = new Date()): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, minute);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at.toISOString();
}
