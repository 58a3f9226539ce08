import { useState } from 'react';
import { pickTransition, type RouteHandle } from '../../lib/route-meta.ts';

type Resolved = ReturnType<typeof pickTransition>;

/** Rule 4: compares the new route's index with the one before (state, not a ref, so it is pure). */
export function useRouteTransition(pathname: string, meta: RouteHandle): Resolved {
  const [state, setState] = useState<{ pathname: string; index: number; transition: Resolved }>({
    pathname,
    index: meta.routeIndex,
    transition: 'fade',
  });
  if (state.pathname !== pathname) {
    const transition = pickTransition(state.index, meta);
    setState({ pathname, index: meta.routeIndex, transition });
    return transition;
  }
  return state.transition;
}
