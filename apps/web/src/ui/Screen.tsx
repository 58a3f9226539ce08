import { useId, type ReactNode } from 'react';
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

/** A white card with a title of its own, such as one form of several on a screen. */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
