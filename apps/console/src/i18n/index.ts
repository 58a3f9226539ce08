import { defaultLocale, isLocale, isMessageKey, messages, type Locale } from '@stod/domain';
import { i18nextSettings, loadUiEnglish, uiTexts } from '@stod/ui/i18n/index.ts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from './en.json';
import fo from './fo.json';

// en.json must have every key of fo.json; the compiler checks it here.
type Assert<T extends true> = T;
export type EnHasAllKeys = Assert<typeof en extends Record<keyof typeof fo, string> ? true : false>;

export const resources = {
  fo: { translation: { ...messages.fo, ...uiTexts.fo, ...fo } },
} as const;

export interface ConsoleResources {
  translation: (typeof resources)['fo']['translation'];
}

const LOCALE_KEY = 'stod_console_locale';

function savedLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : defaultLocale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale === 'fo' || i18next.hasResourceBundle(locale, 'translation')) return;
  const uiEn = await loadUiEnglish();
  i18next.addResourceBundle('en', 'translation', { ...messages.en, ...uiEn, ...en });
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({ ...i18nextSettings, resources });
  await applyLocale(savedLocale(), false);
}

export async function applyLocale(locale: Locale, remember = true): Promise<void> {
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) localStorage.setItem(LOCALE_KEY, locale);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : defaultLocale;
}

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}

/** A form error is a domain message key (client-side) or a text the server localized. */
export function messageText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? i18next.t(message) : message;
}
