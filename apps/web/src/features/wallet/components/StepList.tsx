import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';

export interface Step {
  title: string;
  text: ReactNode;
  done: boolean;
  current: boolean;
}

/** Numbered steps with their state; the current one stands out, finished ones get a tick. */
export function StepList({ steps, label }: { steps: Step[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ol
      aria-label={label}
      className="flex flex-col gap-0 rounded-2xl bg-white p-2 ring-1 ring-slate-200"
    >
      {steps.map((step, i) => (
        <li
          key={step.title}
          aria-current={step.current ? 'step' : undefined}
          className={cn('flex gap-4 rounded-xl p-3', step.current && 'bg-brand-soft/60')}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
              step.done
                ? 'bg-brand text-white'
                : step.current
                  ? 'bg-white text-brand-strong ring-2 ring-brand'
                  : 'bg-slate-100 text-slate-600',
            )}
          >
            {step.done ? <Check size={18} /> : i + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-0.5 pt-1">
            <p className="text-base font-semibold text-slate-900">
              {step.title}
              {step.done && <span className="sr-only"> ({t('ownCard.stepDone')})</span>}
            </p>
            <div className="text-sm text-slate-700">{step.text}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}
