import { formatCurrency, type StationProduct } from '@stod/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { productColor, useProductColorList } from '../../../lib/station-query.ts';
import { ChoiceCards } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  grades: readonly StationProduct[];
  value: number | null;
  onChange: (id: number) => void;
  disabled: boolean;
  /** Said under the heading when the start was pressed without a grade. */
  error: string | null;
}

/** The station's fuels with their colour and price per litre; nothing is chosen for the user. */
export function GradeChoice({ grades, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const errorId = useId();
  const colors = useProductColorList();
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-3"
    >
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('fuel.grades')}
      </h2>
      {error && (
        <p id={errorId} role="alert" className="px-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <ChoiceCards
        labelledBy={headingId}
        testId="fuel-grades"
        value={value}
        onChange={onChange}
        disabled={disabled}
        choices={grades.map((grade) => ({
          value: grade.id,
          label: grade.name,
          testId: `fuel-grade-${grade.code}`,
          leading: (
            <span
              aria-hidden="true"
              className="h-10 w-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: productColor(grade.code, 'fuel', colors.data?.items) }}
            />
          ),
          trailing: (
            <span className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">
              {t('fuel.perLitre', { price: formatCurrency(grade.price) })}
            </span>
          ),
        }))}
      />
    </section>
  );
}
