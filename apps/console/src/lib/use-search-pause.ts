import { useEffect, useState } from 'react';

/** How long typing pauses before a list is asked for. */
export const SEARCH_PAUSE_MS = 300;

/**
 * The filter a list asks the API with: a change of its search text `q` arrives once typing
 * pauses, any other change at once.
 */
export function useSearchPause<F extends { q: string }>(filter: F): F {
  const [searched, setSearched] = useState(filter);
  useEffect(() => {
    const wait = setTimeout(
      () => setSearched(filter),
      filter.q === searched.q ? 0 : SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(wait);
  }, [filter, searched.q]);
  return searched;
}
