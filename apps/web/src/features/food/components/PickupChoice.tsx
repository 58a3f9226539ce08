import { formatTime } from '@stod/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSection } from '@stod/ui/ChoiceCards.tsx';

interface Props {
  /** 'asap', or the ISO time of one of `slots`. */
  value: string;
  slots: readonly Date[];
  /** The station kitchen's preparation time, in minutes. */
  prepMinutes: number;
  onChange: (next: string) => void;
}

/** As soon as possible, or a later time the restaurant is open for (§5). */
export function PickupChoice({ value, slots, prepMinutes, onChange }: Props) {
  const { t } = useTranslation();
  const selectId = useId();
  const later = value !== 'asap';
  return (
    <div className="flex flex-col gap-3">
      <ChoiceSection
        heading={t('food.when')}
        testId="food-when"
        value={later ? 'later' : 'asap'}
        onChange={(next) =>
          onChange(next === 'asap' ? 'asap' : (slots[0]?.toISOString() ?? 'asap'))
        }
        choices={[
          {
            value: 'asap',
            label: t('food.asap'),
            description: t('food.asapText', { minutes: prepMinutes }),
            testId: 'food-when-asap',
          },
          {
            value: 'later',
            label: t('food.later'),
            description: slots.length === 0 ? t('food.noSlots') : undefined,
            testId: 'food-when-later',
          },
        ]}
        disabled={false}
      />
      {later && slots.length > 0 && (
        <div className="flex flex-col gap-2">
          <label htmlFor={selectId} className="px-1 text-sm font-semibold text-slate-700">
            {t('food.pickupTime')}
          </label>
          <select
            id={selectId}
            data-testid="food-pickup-time"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="min-h-12 rounded-xl bg-white px-3 text-base ring-1 ring-slate-300 focus:ring-2 focus:ring-brand focus:outline-none"
          >
            {slots.map((slot) => (
              <option key={slot.toISOString()} value={slot.toISOString()}>
                {formatTime(slot)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
