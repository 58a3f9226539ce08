import type { ShareLimitsView } from '@stod/domain';
import type { TFunction } from 'i18next';
import { usedText } from './format.ts';

/** "12,35 av 150,00 kWh brúkt henda mánaðin", or without a cap "12,35 kWh brúkt …". */
export function usageText(
  t: TFunction,
  limits: Pick<ShareLimitsView, 'usedThisMonthWh' | 'monthlyKwhCap'>,
): string {
  const { used, cap } = usedText(limits);
  return cap === null
    ? t('installations.used', { used })
    : t('installations.usedOfCap', { used, cap });
}
