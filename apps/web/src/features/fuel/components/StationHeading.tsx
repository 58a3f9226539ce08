import type { ReactNode } from 'react';

/** The station the flow is at, at the top of each fuel screen. */
export function StationHeading({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-1" data-testid="fuel-station-heading">
      <h2 className="text-xl font-bold text-slate-900">{name}</h2>
      <p className="text-base text-slate-600">{detail}</p>
    </div>
  );
}
