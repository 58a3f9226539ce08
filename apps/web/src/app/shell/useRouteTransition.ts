import { useState } from 'react';
import { pickTransition, type RouteHandle } from '../../lib/route-meta.ts';

/** `none` for the first screen: it appears at once, from the page's HTML or after the splash. */
type Resolved = ReturnType<typeof pickTransition> | 'none';

/**
 * Rule 4: compares the new route's index with the one before (state, not a ref, so it is pure).
 * The first screen the app opens has no screen before it and does not animate in: a first
 * screen rendered at build time is on screen before the app runs (decision 0064).
 */
export function useRouteTransition(pathname: string, meta: RouteHandle): Resolved {
  const [state, setState] = useState<{ pathname: string; index: number; transition: Resolved }>({
    pathname,
    index: meta.routeIndex,
    transition: 'none',
  });
  if (state.pathname !== pathname) {
    const transition = pickTransition(state.index, meta);
    setState({ pathname, index: meta.routeIndex, transition });
    return transition;
  }
  return state.transition;
}
