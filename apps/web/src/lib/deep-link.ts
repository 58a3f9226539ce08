import { API_BASE, PRODUCT_SLUG } from '../config.ts';

/** The origin the app's own links use: the API's, when the native shell reaches it by URL. */
function appOrigin(): string | null {
  try {
    return new URL(API_BASE).origin;
  } catch {
    return null;
  }
}

/**
 * The in-app path of a link that opened the app: a universal link on the app's own origin
 * (`https://app.stod.example/profile/payment-methods?session=…`) or the app's scheme
 * (`stod://profile/payment-methods?session=…`). Anything else, and the API's own paths, is null.
 */
export function deepLinkPath(
  url: string,
  origin: string | null = appOrigin(),
  scheme: string = PRODUCT_SLUG,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const viaScheme = parsed.protocol === `${scheme}:`;
  if (!viaScheme && (origin === null || parsed.origin !== origin)) return null;
  const raw = viaScheme ? `/${parsed.host}${parsed.pathname}` : parsed.pathname;
  const path = `/${raw.split('/').filter(Boolean).join('/')}`;
  if (path === '/api' || path.startsWith('/api/')) return null;
  return `${path}${parsed.search}${parsed.hash}`;
}
