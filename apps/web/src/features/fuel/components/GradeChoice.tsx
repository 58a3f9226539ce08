import { formatCurrency, type StationProduct } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { productColor, useProductColorList } from '../../../lib/station-query.ts';
import { ChoicePrice, ChoiceSection, ChoiceSwatch } from '@stod/ui/ChoiceCards.tsx';

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
  const colors = useProductColorList();
  return (
    <ChoiceSection
      heading={t('fuel.grades')}
      error={error}
      testId="fuel-grades"
      value={value}
      onChange={onChange}
      disabled={disabled}
      choices={grades.map((grade) => ({
        value: grade.id,
        label: grade.name,
        testId: `fuel-grade-${grade.code}`,
        leading: <ChoiceSwatch color={productColor(grade.code, 'fuel', colors.data?.items)} />,
        trailing: (
          <ChoicePrice>{t('fuel.perLitre', { price: formatCurrency(grade.price) })}</ChoicePrice>
        ),
      }))}
    />
  );
}
