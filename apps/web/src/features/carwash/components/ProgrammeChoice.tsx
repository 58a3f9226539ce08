import { formatCurrency, type StationProduct } from '@stod/domain';
import { Clock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { durationOf } from '../../../lib/station-query.ts';
import { ChoiceCards } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  programmes: readonly StationProduct[];
  value: number | null;
  onChange: (id: number) => void;
  color: string;
}

/** The station's wash programmes with their length and price. */
export function ProgrammeChoice({ programmes, value, onChange, color }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('carwash.programmes')}
      </h2>
      <ChoiceCards
        labelledBy={headingId}
        testId="carwash-programmes"
        value={value}
        onChange={onChange}
        choices={programmes.map((programme) => {
          const seconds = durationOf(programme);
          return {
            value: programme.id,
            label: programme.name,
            testId: `carwash-programme-${programme.code}`,
            leading: (
              <span
                aria-hidden="true"
                className="h-10 w-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: color }}
              />
            ),
            description:
              seconds === null ? undefined : (
                <span className="inline-flex items-center gap-1">
                  <Clock size={14} aria-hidden="true" />
                  {t('carwash.minutes', { count: Math.round(seconds / 60) })}
                </span>
              ),
            trailing: (
              <span className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">
                {formatCurrency(programme.price)}
              </span>
            ),
          };
        })}
      />
    </section>
  );
}
