import { cn } from './cn.ts';

export interface Detail {
  label: string;
  value: string;
  /** A total or the figure that matters most is set in bold. */
  strong?: boolean;
  testId?: string;
}

/** Labels and values in two columns, such as the money of a purchase. */
export function DetailList({ details, testId }: { details: readonly Detail[]; testId?: string }) {
  return (
    <dl
      data-testid={testId}
      className="divide-y divide-slate-200 rounded-2xl bg-white px-4 ring-1 ring-slate-200"
    >
      {details.map((detail) => (
        <div key={detail.label} className="flex items-baseline justify-between gap-4 py-3">
          <dt
            className={cn(
              'text-base',
              detail.strong ? 'font-semibold text-slate-900' : 'text-slate-600',
            )}
          >
            {detail.label}
          </dt>
          <dd
            data-testid={detail.testId}
            className={cn(
              'text-right text-base tabular-nums',
              detail.strong ? 'font-bold text-slate-900' : 'font-medium text-slate-900',
            )}
          >
            {detail.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
