// The build's server-side entry (scripts/prerender.mjs): renders a first screen to HTML for one
// address and one language, as a guest sees it before any script has run. The browser then
// hydrates it (main.tsx). Nothing here runs in the browser.
import { defaultLocale, locales, type Locale } from '@stod/domain';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLocaleForPrerender } from '../i18n/index.ts';
import { useAppState } from '../lib/app-state.ts';
import { isRouteHandle } from '../lib/route-meta.ts';
import { PREF_KEYS } from '../platform/preferences.ts';
import { whenSettled } from './router-settled.ts';
import { rootRoute } from './routes.ts';

/** The addresses rendered at build time: the first screens a guest opens on the web. */
export const PRERENDERED_PATHS = ['/', '/login', '/food-order', '/food-order/stations'] as const;

/** Every language the app speaks gets its pages. */
export const PRERENDERED_LOCALES = locales;

/**
 * What the server needs to pick a page: the cookie and device key of the saved language, the
 * first language, and the key of a signed-in device's token (a signed-in user gets the splash,
 * since their first screen is not a guest's).
 */
export const DEVICE_KEYS = {
  localeKey: PREF_KEYS.locale,
  tokenKey: PREF_KEYS.accessToken,
  defaultLocale,
};

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document title the screen sets once it runs, so the page carries it before. */
  title: string;
  /** Where the router ended up; a guard that redirects makes the page not worth keeping. */
  path: string;
}

export async function render(path: string, locale: Locale): Promise<PrerenderedPage> {
  await changeLocaleForPrerender(locale);
  // A guest online, whatever Node's `navigator` says.
  useAppState.setState({ noNetworkConnection: false });
  const router = createMemoryRouter([rootRoute], { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    whenSettled(router, resolve);
  });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const html = await text(prelude);
  const handle: unknown = router.state.matches.at(-1)?.route.handle;
  const title = isRouteHandle(handle) ? i18next.t(handle.title) : '';
  const at = router.state.location.pathname;
  router.dispose();
  return { html, title, path: at };
}
