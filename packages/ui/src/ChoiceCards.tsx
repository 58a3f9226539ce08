import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { radioItem } from './radio.ts';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  description?: ReactNode;
  /** Shown before the label: a colour swatch, an icon. */
  leading?: ReactNode;
  /** Shown at the end, before the tick: a price. */
  trailing?: ReactNode;
  testId?: string;
}

interface ChoiceCardsProps<T extends string | number> {
  /** The id of the heading that names the group. */
  labelledBy: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}

/** One choice of several, as large cards in a radio group (arrow keys move the choice). */
export function ChoiceCards<T extends string | number>({
  labelledBy,
  choices,
  value,
  onChange,
  disabled = false,
  testId,
}: ChoiceCardsProps<T>) {
  const values = choices.map((c) => c.value);
  // With nothing chosen, the first card takes the group's one tab stop.
  const focusValue = value ?? values[0] ?? null;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      data-testid={testId}
      className="flex flex-col gap-2"
    >
      {choices.map((choice) => {
        const selected = choice.value === value;
        const radio = radioItem<T | null>(values, focusValue, choice.value, (next) => {
          if (next !== null) onChange(next);
        });
        return (
          <button
            key={choice.value}
            type="button"
            {...radio}
            aria-checked={selected}
            disabled={disabled}
            data-testid={choice.testId}
            onClick={() => onChange(choice.value)}
            className={cn(
              'flex min-h-16 w-full items-center gap-3 rounded-2xl px-4 py-3 text-left ring-inset',
              'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand',
              'disabled:cursor-not-allowed disabled:opacity-60',
              selected
                ? 'bg-brand-soft ring-2 ring-brand'
                : 'bg-white ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {choice.leading}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-base font-semibold break-words text-slate-900">
                {choice.label}
              </span>
              {choice.description && (
                <span className="text-sm text-slate-600">{choice.description}</span>
              )}
            </span>
            {choice.trailing}
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full',
                selected ? 'bg-brand text-white' : 'ring-2 ring-slate-300',
              )}
            >
              {selected && <Check size={14} strokeWidth={3} />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
