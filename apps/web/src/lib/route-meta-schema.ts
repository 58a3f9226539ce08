import { z } from 'zod';
import type { TranslationKey } from '../i18n/index.ts';

export type RouteTitleKey = Extract<TranslationKey, `route.${string}`>;

export const transitions = ['auto', 'fade', 'slide-left', 'slide-right', 'none'] as const;
export const transitionModes = ['out-in', 'in-out'] as const;

/**
 * Spec §2: every route carries a name, a title, an ordering index and its flags.
 * The whole table is parsed with this schema by the unit test and at start in development;
 * production skips it, so zod stays out of the first paint (see routes.ts).
 */
export const routeHandleSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9-]+$/),
    /** An i18n key (route.*): the header and the document title, in the app's language. */
    title: z.string().regex(/^route\.[A-Za-z]+$/),
    routeIndex: z.number().int().nonnegative(),
    isAuthRequired: z.boolean(),
    isGuestRequired: z.boolean(),
    isFoodOrder: z.boolean(),
    isDark: z.boolean(),
    /** Header visible. */
    header: z.boolean(),
    /** Back button visible (and the native back button allowed). */
    back: z.boolean(),
    /** 'auto' picks fade, slide-left or slide-right from the route indexes. */
    transition: z.enum(transitions),
    transitionMode: z.enum(transitionModes),
    /** Spec §2 rule 7: the screen stays mounted (hidden) when left, with all its state. */
    keepAlive: z.boolean(),
  })
  .refine((h) => !(h.isAuthRequired && h.isGuestRequired), {
    message: 'A route cannot be both auth-required and guest-only',
  });

/** The handle as the app writes it: the title is a key the i18n files have (route.*). */
export type RouteHandle = Omit<z.infer<typeof routeHandleSchema>, 'title'> & {
  title: RouteTitleKey;
};

/** Throws with the route's path when any handle in the table is invalid. */
export function assertRouteHandles(routes: readonly { path?: string; handle?: unknown }[]): void {
  for (const route of routes) {
    const result = routeHandleSchema.safeParse(route.handle);
    if (!result.success) {
      throw new Error(`Invalid handle on route ${route.path ?? '?'}: ${result.error.message}`);
    }
  }
}
