import { useEffect } from 'react';
import { BRAND } from '../../config.ts';

/** Title, dark styling of the page behind the app, and the browser's theme colour. */
export function useDocumentMeta(title: string, dark: boolean): void {
  useEffect(() => {
    document.title = `${title} · ${BRAND.name}`;
  }, [title]);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', dark ? BRAND.colors.dark : BRAND.colors.primary);
  }, [dark]);
}
