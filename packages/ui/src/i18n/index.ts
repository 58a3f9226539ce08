import { defaultLocale } from '@stod/domain';
import type en from './en.json';
import fo from './fo.json';

/**
 * The design system's own texts (modal and toast buttons, the contact fields). Each app merges
 * them into its i18next resources; Faroese ships with the first paint, English loads with it.
 */
export const uiTexts = { fo };

export const loadUiEnglish = async (): Promise<typeof en> => (await import('./en.json')).default;

// en.json must have every key of fo.json; the compiler checks it here.
type Assert<T extends true> = T;
export type UiEnHasAllKeys = Assert<
  typeof en extends Record<keyof typeof fo, string> ? true : false
>;

/**
 * The i18next settings both apps start with: Faroese first, and flat keys
 * ('login.submit', 'validation.required') whose dots are part of the key.
 */
export const i18nextSettings = {
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: ['fo', 'en'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} as const;
