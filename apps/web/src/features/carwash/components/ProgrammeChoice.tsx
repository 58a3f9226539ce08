import { formatCurrency, type StationProduct } from '@stod/domain';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { durationOf } from '../../../lib/station-query.ts';
import { ChoicePrice, ChoiceSection, ChoiceSwatch } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  programmes: readonly StationProduct[];
  value: number | null;
  onChange: (id: number) => void;
  color: string;
}

/** The station's wash programmes with their length and price. */
export function ProgrammeChoice({ programmes, value, onChange, color }: Props) {
  const { t } = useTranslation();
  return (
    <ChoiceSection
      heading={t('carwash.programmes')}
      testId="carwash-programmes"
      value={value}
      onChange={onChange}
      choices={programmes.map((programme) => {
        const seconds = durationOf(programme);
        return {
          value: programme.id,
          label: programme.name,
          testId: `carwash-programme-${programme.code}`,
          leading: <ChoiceSwatch color={color} />,
          description:
            seconds === null ? undefined : (
              <span className="inline-flex items-center gap-1">
                <Clock size={14} aria-hidden="true" />
                {t('carwash.minutes', { count: Math.round(seconds / 60) })}
              </span>
            ),
          trailing: <ChoicePrice>{formatCurrency(programme.price)}</ChoicePrice>,
        };
      })}
    />
  );
}
