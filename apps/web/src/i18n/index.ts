import { defaultLocale, isLocale, isMessageKey, messages, type Locale } from '@stod/domain';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { getPreference, PREF_KEYS, setPreference } from '../platform/preferences.ts';
import fo from './fo.json';

// en.json must have every key of fo.json; the compiler checks it here.
type Assert<T extends true> = T;
export type EnHasAllKeys = Assert<
  typeof import('./en.json') extends Record<keyof typeof fo, string> ? true : false
>;

/** The app's texts plus the domain's messages, so validation keys resolve as they are. */
export const resources = {
  fo: { translation: { ...messages.fo, ...fo } },
} as const;

export type TranslationKey = keyof (typeof resources)['fo']['translation'];

/** Faroese ships with the app; English loads when it is chosen. */
async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale === 'fo' || i18next.hasResourceBundle(locale, 'translation')) return;
  const en = (await import('./en.json')).default;
  i18next.addResourceBundle('en', 'translation', { ...messages.en, ...en });
}

export async function readSavedLocale(): Promise<Locale> {
  const saved = await getPreference(PREF_KEYS.locale);
  return isLocale(saved) ? saved : defaultLocale;
}

export async function initI18n(locale: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: ['fo', 'en'],
    resources,
    // Keys are flat ('login.submit', 'validation.required'): dots are part of the key.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  if (locale !== defaultLocale) {
    await ensureLoaded(locale);
    await i18next.changeLanguage(locale);
  }
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  const lng = i18next.language;
  return isLocale(lng) ? lng : defaultLocale;
}

/** Switches the language at once and keeps it on the device as `{product}_locale`. */
export async function applyLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  await setPreference(PREF_KEYS.locale, locale);
}

/** A form error is either a domain message key (client-side) or a text the server localized. */
export function messageText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? i18next.t(message) : message;
}

/** The current locale, re-rendering when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}
