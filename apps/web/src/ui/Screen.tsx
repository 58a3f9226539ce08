import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** The padded body of a screen; the shell adds header, safe areas and the column width. */
export function Screen({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-1 flex-col gap-6 px-5 pt-4 pb-[calc(env(safe-area-inset-bottom)+1.5rem)]',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
