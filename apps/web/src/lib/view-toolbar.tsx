import { List, Map as MapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@stod/ui/cn.ts';

export type ViewMode = 'list' | 'map';

interface Props {
  view: ViewMode;
  onView: (view: ViewMode) => void;
  /** The switch's name and its two buttons, in the feature's words. */
  labels: { view: string; list: string; map: string };
  /** What stands under the switch: the sort order, a count. */
  children?: ReactNode;
}

const segment =
  'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl text-base font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** A list screen's sticky bar: the list/map switch, and under it what the screen adds. */
export function ViewToolbar({ view, onView, labels, children }: Props) {
  return (
    <div className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-10 flex flex-col gap-3 bg-surface/95 px-5 pt-2 pb-3 backdrop-blur">
      <div
        role="group"
        aria-label={labels.view}
        className="flex gap-1 rounded-2xl bg-slate-200/80 p-1"
      >
        {(['list', 'map'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            onClick={() => onView(mode)}
            className={cn(
              segment,
              view === mode
                ? 'bg-white text-slate-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {mode === 'list' ? (
              <List size={18} aria-hidden="true" />
            ) : (
              <MapIcon size={18} aria-hidden="true" />
            )}
            {labels[mode]}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
