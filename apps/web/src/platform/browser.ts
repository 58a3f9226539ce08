import { isNativePlatform } from './capacitor.ts';

/**
 * Opens an external page (store page, directions) in the system browser: on native the shell
 * hands `_blank` to it, on the web it is a new tab.
 */
export function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Opens a page the user reads and comes back from (terms, privacy) in the in-app browser: the
 * Browser plugin's sheet in the shells, a new tab on the web. The plugin loads only on native.
 */
export function openInAppBrowser(url: string): void {
  if (!isNativePlatform()) {
    openExternal(url);
    return;
  }
  void import('@capacitor/browser')
    .then(({ Browser }) => Browser.open({ url, presentationStyle: 'popover' }))
    .catch(() => {
      openExternal(url);
    });
}

export function reloadApp(): void {
  window.location.reload();
}
