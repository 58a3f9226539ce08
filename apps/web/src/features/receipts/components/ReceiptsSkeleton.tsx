import { Skeleton } from '@stod/ui/Skeleton.tsx';

/** Receipt-shaped rows while the first page loads. */
export function ReceiptsSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-10 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3.5 w-28" />
            <Skeleton className="h-3.5 w-36" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

/** A paper-receipt-shaped skeleton while one receipt loads. */
export function ReceiptSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-t-2xl bg-white p-6 ring-1 ring-slate-200">
        <Skeleton className="mx-auto size-12" />
        <Skeleton className="mx-auto h-5 w-24" />
        <Skeleton className="mx-auto h-4 w-44" />
        <Skeleton className="mx-auto h-4 w-36" />
        <div className="mt-4 flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="flex justify-between gap-6">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-16" />
            </div>
          ))}
        </div>
        <Skeleton className="mt-4 h-4 w-full" />
        <Skeleton className="h-4 w-full" />
      </div>
      <Skeleton className="h-12 w-full rounded-2xl" />
    </div>
  );
}
