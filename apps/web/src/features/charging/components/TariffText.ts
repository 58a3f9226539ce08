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
