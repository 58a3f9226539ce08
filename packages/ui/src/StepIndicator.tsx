import { Check, X } from 'lucide-react';
import { cn } from './cn.ts';

export interface Step {
  key: string;
  label: string;
}

interface StepIndicatorProps {
  /** Names the list for screen readers, e.g. 'Gongdin í tankingini'. */
  label: string;
  steps: readonly Step[];
  /** The index of the step the process is at. */
  current: number;
  /** A process that ended without reaching its last step shows the current step as stopped. */
  halted?: boolean;
  /** Said by screen readers after a finished step. */
  doneText: string;
  testId?: string;
}

/** The steps of a process in a row: those done ticked, the current one marked, those to come dim. */
export function StepIndicator({
  label,
  steps,
  current,
  halted = false,
  doneText,
  testId,
}: StepIndicatorProps) {
  return (
    <ol aria-label={label} data-testid={testId} className="flex items-start">
      {steps.map((step, index) => {
        const done = index < current || (index === current && index === steps.length - 1);
        const isCurrent = index === current;
        const stopped = isCurrent && halted;
        return (
          <li
            key={step.key}
            data-step={step.key}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex flex-1 flex-col items-center gap-2 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                  index <= current ? 'bg-brand' : 'bg-slate-300',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-bold',
                stopped
                  ? 'bg-slate-700 text-white'
                  : done
                    ? 'bg-brand text-white'
                    : isCurrent
                      ? 'bg-white text-brand-strong ring-3 ring-brand'
                      : 'bg-white text-slate-500 ring-2 ring-slate-300',
              )}
            >
              {stopped ? (
                <X size={16} strokeWidth={3} />
              ) : done ? (
                <Check size={16} strokeWidth={3} />
              ) : (
                index + 1
              )}
            </span>
            <span
              className={cn(
                'px-1 text-sm leading-tight',
                isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {step.label}
              {done && !isCurrent && <span className="sr-only">, {doneText}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
