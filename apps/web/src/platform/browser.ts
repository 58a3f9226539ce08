/**
 * Opens an external page (store page, terms). On native the system browser takes `_blank`;
 * an in-app browser plugin can replace this when the project adds @capacitor/browser.
 */
export function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function reloadApp(): void {
  window.location.reload();
}
