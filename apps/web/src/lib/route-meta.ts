import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-meta-schema.ts';

export type { RouteHandle, RouteTitleKey } from './route-meta-schema.ts';
export type Transition = RouteHandle['transition'];

export type RouteHandleInput = Pick<RouteHandle, 'name' | 'title' | 'routeIndex'> &
  Partial<Omit<RouteHandle, 'name' | 'title' | 'routeIndex'>>;

const defaults = {
  isAuthRequired: false,
  isGuestRequired: false,
  isFoodOrder: false,
  isDark: false,
  header: true,
  back: true,
  transition: 'auto',
  transitionMode: 'out-in',
  keepAlive: false,
} as const satisfies Partial<RouteHandle>;

/** Fills the defaults; routeHandleSchema validates the result (see route-meta-schema.ts). */
export function defineHandle(input: RouteHandleInput): RouteHandle {
  return { ...defaults, ...input };
}

/** The cheap run-time check used when reading handles; the full schema runs in tests and dev. */
export function isRouteHandle(value: unknown): value is RouteHandle {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Partial<Record<keyof RouteHandle, unknown>>;
  return (
    typeof h.name === 'string' &&
    typeof h.routeIndex === 'number' &&
    typeof h.title === 'string' &&
    typeof h.isAuthRequired === 'boolean'
  );
}

export const notFoundHandle = defineHandle({
  name: 'not-found',
  title: 'route.notFound',
  routeIndex: 0,
  header: false,
  back: false,
});

/** A loader may answer this to show the 404 screen under its own path (the `/{hash}` route). */
export interface NotFoundData {
  notFound: true;
}

export function isNotFoundData(data: unknown): data is NotFoundData {
  return typeof data === 'object' && data !== null && 'notFound' in data;
}

/** The deepest matched route's meta, read through useMatches(). */
export function useRouteMeta(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (!match) continue;
    if (isNotFoundData(match.loaderData)) return notFoundHandle;
    if (isRouteHandle(match.handle)) return match.handle;
  }
  return notFoundHandle;
}

/** The route's title in the current language; call it where the locale re-renders. */
export function useRouteTitle(handle: RouteHandle): string {
  const { t } = useTranslation();
  return t(handle.title);
}

/** Spec §2 rule 4: fade when equal, slide-left when the index rises, slide-right when it falls. */
export function pickTransition(
  fromIndex: number | null,
  to: Pick<RouteHandle, 'routeIndex' | 'transition'>,
): Exclude<Transition, 'auto'> {
  if (to.transition !== 'auto') return to.transition;
  if (fromIndex === null || fromIndex === to.routeIndex) return 'fade';
  return to.routeIndex > fromIndex ? 'slide-left' : 'slide-right';
}
