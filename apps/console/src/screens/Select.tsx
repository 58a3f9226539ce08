import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A labelled native select, as tall as the console's fields. */
export function Select({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className="min-h-12 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand focus:ring-3 focus:ring-brand-soft focus:outline-none"
        {...props}
      >
        {children}
      </select>
    </div>
  );
}
