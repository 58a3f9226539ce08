import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a start will hold on the card before anything is delivered, said before the start. */
export function HoldNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="flex gap-3 rounded-2xl bg-sky-50 p-4 text-slate-900 ring-1 ring-sky-200"
    >
      <ShieldCheck size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-sky-800" />
      {children}
    </div>
  );
}
