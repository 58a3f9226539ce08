import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The page scroll of a kept-alive screen. While it is shown, each scroll is noted (not once it
 * is hidden: the page shrinks then and the browser scrolls on its own); when it is shown again,
 * before the browser paints, the page goes back to where it was. The next screen starts at the top.
 */
export function useKeptScroll(anchor: RefObject<HTMLElement | null>): void {
  const saved = useRef(0);
  useLayoutEffect(() => {
    window.scrollTo(0, saved.current);
    const onScroll = () => {
      // A hidden screen (display: none under <Activity>) has no offset parent.
      if (anchor.current?.offsetParent) saved.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      // The screen that takes over starts at its top, not where the list was.
      window.scrollTo(0, 0);
    };
  }, [anchor]);
}
