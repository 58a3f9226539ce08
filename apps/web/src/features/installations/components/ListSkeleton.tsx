import { Skeleton } from '@stod/ui/Skeleton.tsx';

/** Installation-shaped rows while the list loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex flex-col gap-3"
      data-testid="my-installations-loading"
    >
      <Skeleton className="h-4 w-40" />
      <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex min-h-20 items-center gap-3 px-4 py-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-24 rounded-full" />
              <Skeleton className="h-3.5 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The installation's screen while it loads: the heading, the chargers, a section. */
export function InstallationSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-4">
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-5 w-32 rounded-full" />
      <Skeleton className="h-40 w-full rounded-3xl" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}
