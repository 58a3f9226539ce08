import { openStatus, openStatusText, type OpeningHours } from '@stod/domain';
import { useLocale } from '../../../i18n/index.ts';
import { cn } from '@stod/ui/cn.ts';

const tone = {
  open: 'text-emerald-800',
  always: 'text-emerald-800',
  opensLater: 'text-amber-800',
  closed: 'text-red-700',
} as const;

const dot = {
  open: 'bg-emerald-600',
  always: 'bg-emerald-600',
  opensLater: 'bg-amber-500',
  closed: 'bg-red-600',
} as const;

/** The spec's open status text ('Opið・Steingir kl. 23:00') with a coloured dot. */
export function OpenStatus({
  hours,
  now,
  className,
}: {
  hours: OpeningHours;
  now: Date;
  className?: string;
}) {
  const locale = useLocale();
  const status = openStatus(hours, now);
  return (
    <span
      data-testid="open-status"
      className={cn('inline-flex items-center gap-1.5 font-medium', tone[status.state], className)}
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', dot[status.state])} />
      {openStatusText(status, locale)}
    </span>
  );
}
