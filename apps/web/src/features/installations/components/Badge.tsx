import type { ReactNode } from 'react';
import { cn } from '@stod/ui/cn.ts';

export type BadgeTone = 'own' | 'shared' | 'public' | 'private' | 'warning' | 'muted';

const looks: Record<BadgeTone, string> = {
  own: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  shared: 'bg-violet-100 text-violet-900 ring-violet-300',
  public: 'bg-sky-100 text-sky-900 ring-sky-300',
  private: 'bg-slate-100 text-slate-800 ring-slate-300',
  warning: 'bg-amber-100 text-amber-950 ring-amber-300',
  muted: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** A small label of a row: whose an installation is, whether it is public, a state. */
export function Badge({
  tone,
  children,
  testId,
}: {
  tone: BadgeTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        looks[tone],
      )}
    >
      {children}
    </span>
  );
}
