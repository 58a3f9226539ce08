import type { ReactNode } from 'react';

/** The station the wash is at, at the top of each car-wash screen. */
export function StationHeading({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 px-1" data-testid="carwash-station-heading">
      <h2 className="text-xl font-bold text-slate-900">{name}</h2>
      <p className="text-base text-slate-600">{detail}</p>
    </div>
  );
}
