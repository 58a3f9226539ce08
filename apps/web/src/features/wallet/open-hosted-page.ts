import { openExternal } from '../../platform/browser.ts';
import { isNativePlatform } from '../../platform/capacitor.ts';

/**
 * The gateway's card page and the identity sign-in live on other pages. The web leaves the app
 * for them (they send the browser back to the app); native opens them in the platform browser.
 */
export function openHostedPage(url: string): void {
  if (isNativePlatform()) openExternal(url);
  else window.location.assign(url);
}
