import { formatCurrency } from '@stod/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';

interface Props {
  quantity: number;
  onQuantity: (next: number) => void;
  /** The line's total at this quantity, on the button. */
  total: number;
  onAdd: () => void;
  disabled?: boolean;
  /** Said between the quantity and the button, such as an offer's saving. */
  note?: ReactNode;
}

/** A sheet's foot: how many, and the add button, in view while the choices scroll. */
export function SheetFoot({ quantity, onQuantity, total, onAdd, disabled, note }: Props) {
  const { t } = useTranslation();
  return (
    <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col gap-3 border-t border-slate-200 bg-white px-6 pt-4 pb-6">
      <div className="flex items-center justify-between gap-3">
        <span className="text-base font-semibold text-slate-900">{t('food.quantity')}</span>
        <QuantityStepper
          value={quantity}
          onChange={onQuantity}
          label={t('food.quantity')}
          testId="sheet-quantity"
        />
      </div>
      {note}
      <Button
        onClick={onAdd}
        disabled={disabled}
        data-testid="sheet-add"
        className="min-h-14 text-lg"
      >
        {t('food.addToCart', { price: formatCurrency(total) })}
      </Button>
    </div>
  );
}
