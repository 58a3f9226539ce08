import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';

interface SectionProps {
  title: string;
  children: ReactNode;
  /** h2 under the screen's title; h3 inside a section of its own. */
  level?: 2 | 3;
  /** Less room between the title and what follows, as in a list group. */
  tight?: boolean;
  className?: string;
  testId?: string;
}

/** A titled part of a screen; the small capital title names it for screen readers too. */
export function Section({ title, children, level = 2, tight, className, testId }: SectionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col', tight ? 'gap-2' : 'gap-3', className)}
      data-testid={testId}
    >
      <Heading
        id={id}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
