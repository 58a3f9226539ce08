import type { ReactNode } from 'react';

interface EmptyCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  testId?: string;
}

/** An empty list inside a screen: a card with an icon, a title and one line of help. */
export function EmptyCard({ icon, title, text, testId }: EmptyCardProps) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-8 text-center ring-1 ring-slate-200"
      data-testid={testId}
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand-strong"
      >
        {icon}
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="max-w-xs text-sm text-slate-600">{text}</p>
    </div>
  );
}
