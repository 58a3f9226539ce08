import { cn } from './cn.ts';

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-slate-200', className)} />
  );
}

/** A form-shaped skeleton while a screen's data loads. */
export function FormSkeleton({ fields = 4, label }: { fields?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-5">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
      <Skeleton className="h-12 w-full rounded-2xl" />
    </div>
  );
}
