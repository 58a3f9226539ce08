import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from './cn.ts';

interface HoldButtonProps {
  /** The button's text at rest. */
  label: string;
  /** The text while held, with `{seconds}` for the seconds left, e.g. 'Steðgar um {seconds} s'. */
  holdingLabel: string;
  /** Said under the button and read with it: how to use it. */
  hint: string;
  durationMs: number;
  onComplete: () => void;
  disabled?: boolean;
  pending?: boolean;
  testId?: string;
}

/** How often the fill and the seconds are redrawn while the button is held. */
const TICK_MS = 50;

/**
 * A button that acts only when held for `durationMs`: with a finger or the mouse (pointer down
 * until up), or with Space or Enter (key down until up). The fill shows how far the hold has
 * come; letting go early starts over. For actions that must not happen by a slip, such as
 * stopping a running wash.
 */
export function HoldButton({
  label,
  holdingLabel,
  hint,
  durationMs,
  onComplete,
  disabled = false,
  pending = false,
  testId,
}: HoldButtonProps) {
  const hintId = useId();
  const [elapsed, setElapsed] = useState<number | null>(null);
  const started = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const done = useRef(false);
  const complete = useRef(onComplete);
  const blocked = useRef(disabled || pending);
  useEffect(() => {
    complete.current = onComplete;
    blocked.current = disabled || pending;
  });

  const stop = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    started.current = null;
    setElapsed(null);
  };

  const begin = () => {
    if (disabled || pending || started.current !== null) return;
    done.current = false;
    started.current = Date.now();
    setElapsed(0);
    timer.current = setInterval(() => {
      if (started.current === null) return;
      // A button that became disabled while held lets go.
      if (blocked.current) {
        stop();
        return;
      }
      const now = Date.now() - started.current;
      if (now >= durationMs && !done.current) {
        done.current = true;
        stop();
        complete.current();
        return;
      }
      setElapsed(now);
    }, TICK_MS);
  };

  useEffect(() => () => clearInterval(timer.current), []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // The hold follows the finger even when it slides off the button a little.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the hold still ends on its pointerup.
    }
    begin();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat) begin();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    stop();
  };

  const holding = elapsed !== null;
  const progress = holding ? Math.min(1, elapsed / durationMs) : 0;
  const secondsLeft = holding ? Math.max(1, Math.ceil((durationMs - elapsed) / 1000)) : 0;

  return (
    <div className="flex flex-col items-stretch gap-2">
      <button
        type="button"
        data-testid={testId}
        data-holding={holding || undefined}
        aria-describedby={hintId}
        aria-disabled={disabled || pending || undefined}
        aria-busy={pending || undefined}
        onPointerDown={onPointerDown}
        onPointerUp={stop}
        onPointerCancel={stop}
        onLostPointerCapture={stop}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={stop}
        onContextMenu={(event) => event.preventDefault()}
        className={cn(
          'relative isolate min-h-16 w-full touch-none overflow-hidden rounded-2xl px-5 text-lg font-semibold select-none',
          'bg-red-700 text-white transition-colors [-webkit-touch-callout:none]',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700',
          disabled || pending ? 'cursor-not-allowed opacity-60' : 'hover:bg-red-800',
        )}
      >
        <span
          aria-hidden="true"
          data-testid={testId ? `${testId}-progress` : undefined}
          data-progress={Math.round(progress * 100)}
          className="absolute inset-y-0 left-0 -z-10 bg-red-950/60"
          style={{ width: `${String(progress * 100)}%` }}
        />
        <span aria-live="polite" className="tabular-nums">
          {holding ? holdingLabel.replace('{seconds}', String(secondsLeft)) : label}
        </span>
      </button>
      <p id={hintId} className="text-center text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
