import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FOOD_QUANTITY_MAX } from '@stod/domain';

interface Props {
  value: number;
  onChange: (next: number) => void;
  /** The least it goes to; a cart's line goes to 0, which removes it. */
  min?: number;
  /** Names what is counted, for screen readers. */
  label: string;
  testId?: string;
}

const step =
  'flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-900 hover:bg-slate-200 disabled:opacity-40';

/** − n +: whole units, within the order's limit. */
export function QuantityStepper({ value, onChange, min = 1, label, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={label} className="flex items-center gap-2" data-testid={testId}>
      <button
        type="button"
        className={step}
        aria-label={t('food.decrease')}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
        data-testid={testId && `${testId}-minus`}
      >
        <Minus size={18} aria-hidden="true" />
      </button>
      <output aria-live="polite" className="w-8 text-center text-lg font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={step}
        aria-label={t('food.increase')}
        disabled={value >= FOOD_QUANTITY_MAX}
        onClick={() => onChange(value + 1)}
        data-testid={testId && `${testId}-plus`}
      >
        <Plus size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
