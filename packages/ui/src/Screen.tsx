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
