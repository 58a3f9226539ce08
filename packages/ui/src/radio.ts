import type { KeyboardEvent } from 'react';

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The keyboard of a radio group made of buttons (WAI-ARIA radio pattern): one tab stop, on the
 * checked radio, and the arrow keys (Home, End) move the choice and the focus together.
 */
export function radioItem<T>(options: readonly T[], value: T, item: T, select: (next: T) => void) {
  const index = options.indexOf(item);
  return {
    role: 'radio' as const,
    'aria-checked': item === value,
    tabIndex: item === value ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = STEPS[event.key];
      if (!step || options.length === 0) return;
      event.preventDefault();
      const next = step(index, options.length);
      const target = options[next];
      if (target === undefined) return;
      select(target);
      const group = event.currentTarget.closest('[role="radiogroup"]');
      group?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
    },
  };
}
