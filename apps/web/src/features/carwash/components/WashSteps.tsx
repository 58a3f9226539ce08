import type { StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { StepIndicator, type Step } from '@stod/ui/StepIndicator.tsx';
import { WASH_LABEL_KEYS } from '../labels.ts';

/**
 * Spec §4 car-wash labels: ready to wash, starts in a countdown, in progress, finished. A
 * stopped wash halts at 'in progress'; one that never started ends after 'ready'.
 */
export function WashSteps({ transaction }: { transaction: StationTransaction }) {
  const { t } = useTranslation();
  const step = (key: keyof typeof WASH_LABEL_KEYS): Step => ({
    key,
    label: t(WASH_LABEL_KEYS[key]),
  });
  const { label } = transaction;

  if (label === 'cancelled') {
    return (
      <StepIndicator
        testId="carwash-steps"
        label={t('carwash.stepsLabel')}
        steps={[step('ready'), step('cancelled')]}
        current={1}
        halted
        doneText={t('carwash.stepDone')}
      />
    );
  }
  const order = ['ready', 'countdown', 'inProgress', 'complete'] as const;
  const steps = order.map((key) =>
    step(key === 'inProgress' && label === 'stopped' ? 'stopped' : key),
  );
  const current = label === 'stopped' ? 2 : order.indexOf(label);
  return (
    <StepIndicator
      testId="carwash-steps"
      label={t('carwash.stepsLabel')}
      steps={steps}
      current={current}
      halted={label === 'stopped'}
      doneText={t('carwash.stepDone')}
    />
  );
}
