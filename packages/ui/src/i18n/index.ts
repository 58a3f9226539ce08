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
