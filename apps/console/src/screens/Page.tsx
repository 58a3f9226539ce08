import { Skeleton } from '@stod/ui/Skeleton.tsx';
import type { ReactNode } from 'react';

/** A console page: its title and its content, in a readable column. */
export function Page({
  title,
  back,
  children,
}: {
  title: string;
  /** A link up to the page this one belongs to, above the title. */
  back?: ReactNode;
  children: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-5 py-6 md:px-8 md:py-10">
      {back ? (
        <div className="flex flex-col items-start gap-1">
          {back}
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

/** Rows shaped like the list that loads. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  );
}
