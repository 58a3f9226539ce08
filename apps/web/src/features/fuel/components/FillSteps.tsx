import type { StationTransaction } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { StepIndicator, type Step } from '@stod/ui/StepIndicator.tsx';

/**
 * Spec §4 "Refuelling labels": ready to refuel, in progress, complete, or cancel. A refuelling
 * that ends without fuel shows its first step and then the cancel.
 */
export function FillSteps({ transaction }: { transaction: StationTransaction }) {
  const { t } = useTranslation();
  const ready: Step = { key: 'ready', label: t('fuel.label.ready') };
  const inProgress: Step = { key: 'inProgress', label: t('fuel.label.inProgress') };
  const complete: Step = { key: 'complete', label: t('fuel.label.complete') };
  const cancelled: Step = { key: 'cancelled', label: t('fuel.label.cancelled') };

  const halted = transaction.label === 'cancelled';
  const steps = halted ? [ready, cancelled] : [ready, inProgress, complete];
  const current = halted
    ? 1
    : transaction.label === 'complete'
      ? 2
      : transaction.label === 'inProgress'
        ? 1
        : 0;
  return (
    <StepIndicator
      testId="fuel-steps"
      label={t('fuel.stepsLabel')}
      steps={steps}
      current={current}
      halted={halted}
      doneText={t('fuel.stepDone')}
    />
  );
}
