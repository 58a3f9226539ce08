import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StationHeadingProps {
  name: string;
  /** Under the name: the address, or what the flow has chosen there. */
  detail: ReactNode;
  /** Beside the heading, such as a way back to change the choice; the row is kept without it. */
  aside?: ReactNode;
  testId?: string;
}

/** The station a flow is at, at the top of each of the flow's screens. */
export function StationHeading({ name, detail, aside, testId }: StationHeadingProps) {
  const heading = (
    <div className="flex min-w-0 flex-col gap-0.5 px-1" data-testid={testId}>
      <h2 className="text-xl font-bold text-slate-900">{name}</h2>
      <p className="text-base text-slate-600">{detail}</p>
    </div>
  );
  if (aside === undefined) return heading;
  return (
    <div className="flex items-start justify-between gap-3">
      {heading}
      {aside}
    </div>
  );
}

/** Back to an earlier step of the flow to choose again, in place of this one in the history. */
export function ChangeLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      className="inline-flex min-h-11 shrink-0 items-center rounded-xl px-3 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
    >
      {children}
    </Link>
  );
}
