import { en } from './en.ts';
import { fo } from './fo.ts';
import { serverEn } from './server.en.ts';
import { serverFo } from './server.fo.ts';

export const locales = ['fo', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fo';
export type MessageKey = keyof typeof fo;

export const messages: Record<Locale, Record<MessageKey, string>> = { fo, en };

/** Keys of the texts only the server renders (e-mail, its own pages); the app bundles none. */
export type ServerMessageKey = keyof typeof serverFo;
export const serverMessages: Record<Locale, Record<ServerMessageKey, string>> = {
  fo: serverFo,
  en: serverEn,
};

export function isLocale(value: unknown): value is Locale {
  return value === 'fo' || value === 'en';
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(fo, value);
}

type Params = Record<string, string | number>;

const fill = (text: string, params: Params) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** Resolves a message key in a locale; `{{name}}` placeholders take values from params. */
export function translate(
  key: MessageKey,
  locale: Locale = defaultLocale,
  params: Params = {},
): string {
  return fill(messages[locale][key], params);
}

/** A message of either set: the app's, else one only the server renders. */
export function translateAny(
  key: MessageKey | ServerMessageKey,
  locale: Locale = defaultLocale,
  params: Params = {},
): string {
  return Object.hasOwn(fo, key)
    ? translate(key as MessageKey, locale, params)
    : translateServer(key as ServerMessageKey, locale, params);
}

/** `translate` for the texts only the server renders. */
export function translateServer(
  key: ServerMessageKey,
  locale: Locale = defaultLocale,
  params: Params = {},
): string {
  return fill(serverMessages[locale][key], params);
}

/**
 * Operator-written content kept in both languages: the English when asked for and given,
 * otherwise the Faroese, which is always there.
 */
export function localized(fo: string, en: string | null | undefined, locale: Locale): string {
  return locale === 'en' && en ? en : fo;
}

/** Picks fo or en from an Accept-Language header; anything else falls back to fo. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return {
        tag: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q ? Number(q.split('=')[1]) : 1,
      };
    })
    .filter((entry) => isLocale(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const best = ranked[0]?.tag;
  return isLocale(best) ? best : defaultLocale;
}
