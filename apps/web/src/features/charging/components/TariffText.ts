import { formatCurrency, type Tariff } from '@stod/domain';
import { useTranslation } from 'react-i18next';

/**
 * A price as the charging screens say it: '3,50 kr./kWh' or '2,00 kr./min'; the user's own
 * installation (or a price of nothing) is free of charge.
 */
export function useTariffText() {
  const { t } = useTranslation();
  return (tariff: Tariff | null, own: boolean): string => {
    if (own || !tariff || tariff.price === 0) return t('charging.priceFree');
    const price = formatCurrency(tariff.price);
    return tariff.type === 'kWh'
      ? t('charging.perKwh', { price })
      : t('charging.perMin', { price });
  };
}

/**
 * The fees a public charger asks beside its price, as detail rows before a start: the start fee
 * and the idle fee with its grace. None at the user's own or a free installation.
 */
export function useTariffFees() {
  const { t } = useTranslation();
  return (tariff: Tariff | null, free: boolean): { label: string; value: string }[] => {
    if (free || !tariff) return [];
    const rows: { label: string; value: string }[] = [];
    if ((tariff.startFee ?? 0) > 0)
      rows.push({ label: t('charging.startFee'), value: formatCurrency(tariff.startFee ?? 0) });
    if ((tariff.idleFee ?? 0) > 0) {
      const price = formatCurrency(tariff.idleFee ?? 0);
      const minutes = tariff.idleGraceMinutes ?? 0;
      rows.push({
        label: t('charging.idleFee'),
        value:
          minutes > 0
            ? t('charging.idleFeeText', { price, minutes })
            : t('charging.idleFeeNow', { price }),
      });
    }
    return rows;
  };
}
