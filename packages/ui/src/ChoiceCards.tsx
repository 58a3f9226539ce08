import { Check, CreditCard, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
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

interface ChoiceSectionProps<T extends string | number> extends Omit<
  ChoiceCardsProps<T>,
  'labelledBy'
> {
  /** Names the group. */
  heading: string;
  /** Said under the heading when the user went on without choosing. */
  error?: string | null;
}

/** A titled section of choice cards, such as the fuels of a pump or the cards that may pay. */
export function ChoiceSection<T extends string | number>({
  heading,
  error,
  ...cards
}: ChoiceSectionProps<T>) {
  const headingId = useId();
  const errorId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-3"
    >
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {heading}
      </h2>
      {error && (
        <p id={errorId} role="alert" className="px-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <ChoiceCards labelledBy={headingId} {...cards} />
    </section>
  );
}

/** A product's colour as a bar before its name (a choice's `leading`). */
export function ChoiceSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="h-10 w-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: color }}
    />
  );
}

/** A price at the end of a choice (its `trailing`). */
export function ChoicePrice({ children }: { children: ReactNode }) {
  return (
    <span className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">{children}</span>
  );
}

/** A payment card as a choice: its icon, its title, and a star with `favouriteLabel` on the favourite. */
export function cardChoice<T extends string>(
  card: { title: string; isFavourite: boolean },
  value: T,
  testId: string,
  favouriteLabel: string,
): Choice<T> {
  return {
    value,
    label: card.title,
    testId,
    leading: <CreditCard size={22} aria-hidden="true" className="shrink-0 text-slate-600" />,
    description: card.isFavourite ? (
      <span className="inline-flex items-center gap-1 font-semibold text-brand-strong">
        <Star size={12} aria-hidden="true" className="fill-current" />
        {favouriteLabel}
      </span>
    ) : undefined,
  };
}
