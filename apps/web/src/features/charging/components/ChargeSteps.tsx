import type { Charge } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { StepIndicator, type Step } from '@stod/ui/StepIndicator.tsx';
import { CHARGE_LABEL_KEYS } from '../charge-view.ts';

/**
 * Spec §4 "Charging labels": ready to charge, plug charger into car, charging in progress,
 * charging complete. A charge that ends before it charged shows its first step and then the end.
 */
export function ChargeSteps({ charge }: { charge: Pick<Charge, 'label'> }) {
  const { t } = useTranslation();
  const step = (key: keyof typeof CHARGE_LABEL_KEYS): Step => ({
    key,
    label: t(CHARGE_LABEL_KEYS[key]),
  });
  const halted = charge.label === 'cancelled';
  const steps = halted
    ? [step('ready'), step('cancelled')]
    : [step('ready'), step('plug'), step('charging'), step('complete')];
  const order = ['ready', 'plug', 'charging', 'complete'] as const;
  const current = halted ? 1 : Math.max(0, order.indexOf(charge.label as (typeof order)[number]));
  return (
    <StepIndicator
      testId="charge-steps"
      label={t('charging.stepsLabel')}
      steps={steps}
      current={current}
      halted={halted}
      doneText={t('charging.stepDone')}
    />
  );
}
