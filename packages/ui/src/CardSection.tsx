import { useId, type ReactNode } from 'react';

/** A white card with a title of its own, such as one form of several on a screen. */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
