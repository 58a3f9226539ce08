import { subscriptionIntervals, type SubscriptionInterval } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { radioItem } from '@stod/ui/radio.ts';
import { intervalKey } from '../tiers.ts';

const segment =
  'flex min-h-11 flex-1 items-center justify-center rounded-xl text-base font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** Monthly or yearly: which price each tier shows. */
export function IntervalSwitch({
  value,
  onChange,
}: {
  value: SubscriptionInterval;
  onChange: (interval: SubscriptionInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('subscriptions.intervalLabel')}
      className="flex gap-1 rounded-2xl bg-slate-200/80 p-1"
    >
      {subscriptionIntervals.map((interval) => (
        <button
          key={interval}
          type="button"
          {...radioItem(subscriptionIntervals, value, interval, onChange)}
          onClick={() => onChange(interval)}
          className={cn(
            segment,
            value === interval
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-700 hover:text-slate-900',
          )}
        >
          {t(intervalKey(interval))}
        </button>
      ))}
    </div>
  );
}
