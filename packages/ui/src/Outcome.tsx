import { CircleCheck, CircleX, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './Button.tsx';
import { cn } from './cn.ts';

interface OutcomeProps {
  /** Finished as asked (a tick), or ended short of it (a cross). */
  done: boolean;
  title: string;
  /** Lines under the title: what happened, why it ended. */
  text?: ReactNode;
  /** The figures and the ways on, below the heading. */
  children: ReactNode;
  testId: string;
  /** The process's state, for tests and styles. */
  state?: string;
}

/** How a process that the user followed ended: its heading, then its figures and the way on. */
export function Outcome({ done, title, text, children, testId, state }: OutcomeProps) {
  const Icon = done ? CircleCheck : CircleX;
  return (
    <div data-testid={testId} data-state={state} className="flex flex-col gap-5">
      <div className="flex items-start gap-3 px-1">
        <Icon
          size={32}
          aria-hidden="true"
          className={cn('shrink-0', done ? 'text-emerald-700' : 'text-slate-700')}
        />
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
          {text}
        </div>
      </div>
      {children}
    </div>
  );
}

interface ReceiptLinkProps {
  /** Where the receipt is; null while it is being made. */
  to: string | null;
  label: string;
  /** Said instead of the link while the receipt is being made. */
  comingText: string;
  testId: string;
}

/** The way to a purchase's receipt, or word that it is on its way. */
export function ReceiptLink({ to, label, comingText, testId }: ReceiptLinkProps) {
  if (to === null) {
    return (
      <p role="status" className="text-center text-base text-slate-600">
        {comingText}
      </p>
    );
  }
  return (
    <ButtonLink to={to} data-testid={testId} icon={<ReceiptText size={20} aria-hidden="true" />}>
      {label}
    </ButtonLink>
  );
}
