import type { PointState } from '@stod/domain';
import { Ban, CircleCheck, Clock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { RetryNotice } from './Notice.tsx';
import { Skeleton } from './Skeleton.tsx';

export interface Point {
  number: number;
  state: PointState;
}

interface PointGridProps {
  points: readonly Point[];
  /** The accessible name of one point, e.g. 'Pumpa 3, leys'. */
  pointLabel: (point: Point) => string;
  /** The word under the number: 'Leys', 'Upptikin', 'Ikki tøk'. */
  stateLabel: (state: PointState) => string;
  onSelect: (number: number) => void;
  /** A grid that keeps a choice marks it (aria-pressed); one that moves on at once has none. */
  selected?: number | null;
  /** 'pump' or 'bay', for the test ids: `pump-3`. */
  kind: string;
  testId?: string;
}

const look: Record<PointState, string> = {
  free: 'bg-white text-slate-900 ring-2 ring-emerald-600 hover:bg-emerald-50 active:bg-emerald-100',
  busy: 'bg-amber-50 text-amber-950 ring-1 ring-amber-300 cursor-not-allowed',
  unavailable: 'bg-slate-100 text-slate-600 ring-1 ring-slate-300 cursor-not-allowed',
};

const icons = { free: CircleCheck, busy: Clock, unavailable: Ban } as const;

/**
 * The pumps or bays of a station as large tiles with their live state. Only a free one can be
 * chosen; busy and unavailable tiles stay in the tab order, marked disabled, so everyone can
 * still hear which are there.
 */
export function PointGrid({
  points,
  pointLabel,
  stateLabel,
  onSelect,
  selected,
  kind,
  testId,
}: PointGridProps) {
  return (
    <ul data-testid={testId} className="grid grid-cols-2 gap-3 min-[360px]:grid-cols-3">
      {points.map((point) => {
        const free = point.state === 'free';
        const chosen = selected === point.number;
        const Icon = icons[point.state];
        return (
          <li key={point.number}>
            <button
              type="button"
              data-testid={`${kind}-${String(point.number)}`}
              data-state={point.state}
              aria-label={pointLabel(point)}
              aria-disabled={!free || undefined}
              aria-pressed={selected === undefined ? undefined : chosen}
              onClick={() => {
                if (free) onSelect(point.number);
              }}
              className={cn(
                'flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-3xl transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
                chosen ? 'bg-brand text-white ring-2 ring-brand' : look[point.state],
              )}
            >
              <span className="text-5xl leading-none font-bold tabular-nums">{point.number}</span>
              <span aria-hidden="true" className="flex items-center gap-1 text-sm font-semibold">
                <Icon size={14} />
                {stateLabel(point.state)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the tiles' looks mean; the words are the grid's own. */
export function PointLegend({
  label,
  stateLabel,
}: {
  label: string;
  stateLabel: (state: PointState) => string;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {(['free', 'busy', 'unavailable'] as const).map((state) => {
        const Icon = icons[state];
        return (
          <li key={state} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn('flex size-5 items-center justify-center rounded-md', look[state])}
            >
              <Icon size={12} />
            </span>
            {stateLabel(state)}
          </li>
        );
      })}
    </ul>
  );
}

interface PointSectionProps {
  heading: string;
  /** Under the heading: which points can be chosen. */
  hint: string;
  legendLabel: string;
  stateLabel: (state: PointState) => string;
  /** The points could not be read: the text, and a button to read them again. */
  failed: {
    text: string;
    retryLabel: string;
    onRetry: () => void;
    pending: boolean;
    testId: string;
  } | null;
  /** While the points load, this many tiles shimmer, named by `loadingLabel`. */
  loading: { label: string; tiles: number } | null;
  /** The grid, or what stands in for it. */
  children: ReactNode;
}

/** A station's pumps or bays: the heading with its hint, the legend, and the tiles once loaded. */
export function PointSection({
  heading,
  hint,
  legendLabel,
  stateLabel,
  failed,
  loading,
  children,
}: PointSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1 px-1">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {heading}
        </h2>
        <p className="text-base text-slate-700">{hint}</p>
      </div>
      <PointLegend label={legendLabel} stateLabel={stateLabel} />
      {failed ? (
        <RetryNotice {...failed} />
      ) : loading ? (
        <div
          role="status"
          aria-label={loading.label}
          className="grid grid-cols-2 gap-3 min-[360px]:grid-cols-3"
        >
          {Array.from({ length: loading.tiles }, (_, i) => (
            <Skeleton key={i} className="aspect-square w-full rounded-3xl" />
          ))}
        </div>
      ) : (
        children
      )}
    </section>
  );
}
