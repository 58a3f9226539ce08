import { formatCurrency, type StationTransaction } from '@stod/domain';
import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatClock, secondsUntil, useSecondClock } from '../../../lib/countdown.ts';
import { Button } from '@stod/ui/Button.tsx';

interface Props {
  transaction: StationTransaction;
  onCancel: () => void;
  cancelling: boolean;
}

/** While the pump waits: lift the nozzle before the deadline, or cancel and free the hold. */
export function NozzlePrompt({ transaction, onCancel, cancelling }: Props) {
  const { t } = useTranslation();
  const now = useSecondClock(transaction.deadline !== null);
  const left = secondsUntil(transaction.deadline, now);
  return (
    <div data-testid="fuel-nozzle" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 px-1">
        <h2 className="text-2xl font-bold text-slate-900">{t('fuel.liftTitle')}</h2>
        <p className="text-base text-slate-700">
          {t('fuel.liftText', { amount: formatCurrency(transaction.held) })}
        </p>
      </div>
      {left !== null && (
        <p
          data-testid="fuel-deadline"
          className="flex items-center gap-2 self-start rounded-full bg-amber-100 px-4 py-2 text-base font-semibold text-amber-950 tabular-nums"
        >
          <Timer size={18} aria-hidden="true" />
          {t('fuel.timeLeft', { time: formatClock(left) })}
        </p>
      )}
      <Button variant="secondary" data-testid="fuel-cancel" pending={cancelling} onClick={onCancel}>
        {t('fuel.cancel')}
      </Button>
    </div>
  );
}
