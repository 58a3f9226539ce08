import { defaultLocale, isLocale, isMessageKey, messages, type Locale } from '@stod/domain';
import { i18nextSettings, loadUiEnglish, uiTexts } from '@stod/ui/i18n/index.ts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { isNativePlatform } from '../platform/capacitor.ts';
import { getPreference, PREF_KEYS, setPreference } from '../platform/preferences.ts';
import fo from './fo.json';

// en.json must have every key of fo.json; the compiler checks it here.
type Assert<T extends true> = T;
export type EnHasAllKeys = Assert<
  typeof import('./en.json') extends Record<keyof typeof fo, string> ? true : false
>;

/** The app's texts plus the domain's messages, so validation keys resolve as they are. */
export const resources = {
  fo: { translation: { ...messages.fo, ...uiTexts.fo, ...fo } },
} as const;

type Texts = Record<string, string>;
type TextLoader = () => Promise<{ default: Texts }>;

/**
 * Texts of screens that are not on the first paint load with their route, in both languages
 * (decision 0009).
 * Each feature keeps `i18n/fo.json` and `i18n/en.json`; the compiler checks that they match.
 */
const featureTexts = {
  /** Everything past the guest screens: home, profile, wallet, stations. */
  app: {
    fo: () => import('./app.fo.json'),
    en: () => import('./app.en.json'),
  },
  receipts: {
    fo: () => import('../features/receipts/i18n/fo.json'),
    en: () => import('../features/receipts/i18n/en.json'),
  },
  vouchers: {
    fo: () => import('../features/vouchers/i18n/fo.json'),
    en: () => import('../features/vouchers/i18n/en.json'),
  },
  subscriptions: {
    fo: () => import('../features/subscriptions/i18n/fo.json'),
    en: () => import('../features/subscriptions/i18n/en.json'),
  },
  fuel: {
    fo: () => import('../features/fuel/i18n/fo.json'),
    en: () => import('../features/fuel/i18n/en.json'),
  },
  carwash: {
    fo: () => import('../features/carwash/i18n/fo.json'),
    en: () => import('../features/carwash/i18n/en.json'),
  },
  charging: {
    fo: () => import('../features/charging/i18n/fo.json'),
    en: () => import('../features/charging/i18n/en.json'),
  },
  installations: {
    fo: () => import('../features/installations/i18n/fo.json'),
    en: () => import('../features/installations/i18n/en.json'),
  },
  food: {
    fo: () => import('../features/food/i18n/fo.json'),
    en: () => import('../features/food/i18n/en.json'),
  },
  beverages: {
    fo: () => import('../features/beverages/i18n/fo.json'),
    en: () => import('../features/beverages/i18n/en.json'),
  },
  push: {
    fo: () => import('../features/push/i18n/fo.json'),
    en: () => import('../features/push/i18n/en.json'),
  },
  // The QR scanner (lib/qr-scanner.tsx) opens from several features; its texts load with it.
  scanner: {
    fo: () => import('./scanner.fo.json'),
    en: () => import('./scanner.en.json'),
  },
} satisfies Record<string, Record<Locale, TextLoader>>;

export type TextBundle = keyof typeof featureTexts;

type FeatureTexts = typeof import('./app.fo.json') &
  typeof import('../features/receipts/i18n/fo.json') &
  typeof import('../features/vouchers/i18n/fo.json') &
  typeof import('../features/subscriptions/i18n/fo.json') &
  typeof import('../features/fuel/i18n/fo.json') &
  typeof import('../features/carwash/i18n/fo.json') &
  typeof import('../features/charging/i18n/fo.json') &
  typeof import('../features/installations/i18n/fo.json') &
  typeof import('../features/food/i18n/fo.json') &
  typeof import('../features/beverages/i18n/fo.json') &
  typeof import('../features/push/i18n/fo.json') &
  typeof import('./scanner.fo.json');
export type FeatureEnHasAllKeys = Assert<
  typeof import('./app.en.json') &
    typeof import('../features/receipts/i18n/en.json') &
    typeof import('../features/vouchers/i18n/en.json') &
    typeof import('../features/subscriptions/i18n/en.json') &
    typeof import('../features/fuel/i18n/en.json') &
    typeof import('../features/carwash/i18n/en.json') &
    typeof import('../features/charging/i18n/en.json') &
    typeof import('../features/installations/i18n/en.json') &
    typeof import('../features/food/i18n/en.json') &
    typeof import('../features/beverages/i18n/en.json') &
    typeof import('../features/push/i18n/en.json') &
    typeof import('./scanner.en.json') extends Record<keyof FeatureTexts, string>
    ? true
    : false
>;

/** Every key the app may ask for, for i18next's types. */
export interface AppResources {
  translation: (typeof resources)['fo']['translation'] & FeatureTexts;
}

export type TranslationKey = keyof AppResources['translation'];

const wantedBundles = new Set<TextBundle>();
const loadedBundles = new Set<string>();

async function loadBundle(name: TextBundle, locale: Locale): Promise<void> {
  const id = `${locale}:${name}`;
  if (loadedBundles.has(id)) return;
  const texts = (await featureTexts[name][locale]()).default;
  i18next.addResourceBundle(locale, 'translation', texts);
  loadedBundles.add(id);
}

/** Loads a feature's texts in the current language (and Faroese, the fallback). */
export async function loadTexts(name: TextBundle): Promise<void> {
  wantedBundles.add(name);
  const locale = currentLocale();
  await Promise.all([loadBundle(name, defaultLocale), loadBundle(name, locale)]);
}

/** Faroese ships with the app; English loads when it is chosen, with the features in use. */
async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale !== 'fo' && !i18next.hasResourceBundle(locale, 'translation')) {
    const [en, uiEn] = await Promise.all([import('./en.json'), loadUiEnglish()]);
    i18next.addResourceBundle('en', 'translation', { ...messages.en, ...uiEn, ...en.default });
  }
  await Promise.all([...wantedBundles].map((name) => loadBundle(name, locale)));
}

export async function readSavedLocale(): Promise<Locale> {
  const saved = await getPreference(PREF_KEYS.locale);
  return isLocale(saved) ? saved : defaultLocale;
}

/**
 * On the web the language also goes into a cookie of the same name, so the server sends the
 * first screens it rendered at build time in that language (decision 0064).
 */
function shareLocaleWithServer(locale: Locale): void {
  if (isNativePlatform()) return;
  document.cookie = `${PREF_KEYS.locale}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export async function initI18n(locale: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({ ...i18nextSettings, resources });
  if (locale !== defaultLocale) {
    await ensureLoaded(locale);
    await i18next.changeLanguage(locale);
  }
  document.documentElement.lang = locale;
  shareLocaleWithServer(locale);
}

/**
 * The build's prerender (app/prerender.tsx): the texts of `locale`, with every feature's texts
 * asked for so far, and no document to set the language on.
 */
export async function changeLocaleForPrerender(locale: Locale): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ ...i18nextSettings, resources });
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
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
  shareLocaleWithServer(locale);
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
