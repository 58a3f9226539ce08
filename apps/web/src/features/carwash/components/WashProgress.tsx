import type { StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../lib/countdown.ts';
import { ProgressRing } from '@stod/ui/ProgressRing.tsx';
import { washProgress } from '../remaining.ts';

interface Props {
  transaction: StationTransaction;
  left: number | null;
  color: string;
}

/** The countdown before the wash, then the ring with the minutes left. */
export function WashProgress({ transaction, left, color }: Props) {
  const { t } = useTranslation();

  if (transaction.state === 'countdown') {
    return (
      <div
        data-testid="carwash-countdown"
        className="flex min-h-62 flex-col items-center justify-center gap-2 text-center"
      >
        <p className="text-lg font-semibold text-slate-700">{t('carwash.countdownTitle')}</p>
        <p
          data-testid="carwash-countdown-seconds"
          className="text-8xl leading-none font-bold text-slate-900 tabular-nums"
        >
          {left === null ? '–' : formatClock(left)}
        </p>
        <p className="mt-2 max-w-xs text-base text-slate-700">
          {t('carwash.countdownText', { bay: transaction.point })}
        </p>
      </div>
    );
  }

  const minutes = left === null ? null : Math.ceil(left / 60);
  const valueText =
    minutes === null
      ? t('carwash.label.inProgress')
      : left !== null && left < 60
        ? t('carwash.lessThanMinute')
        : t('carwash.minutesLeft', { count: minutes });
  return (
    <div className="flex min-h-62 items-center justify-center">
      <ProgressRing
        testId="carwash-ring"
        value={washProgress(transaction, left)}
        label={t('carwash.ringLabel')}
        valueText={valueText}
        color={color}
      >
        <span
          data-testid="carwash-minutes"
          className="text-7xl leading-none font-bold text-slate-900 tabular-nums"
        >
          {minutes ?? '–'}
        </span>
        <span className="mt-1 text-base font-semibold text-slate-600">
          {t('carwash.minutesLeftShort')}
        </span>
      </ProgressRing>
    </div>
  );
}
