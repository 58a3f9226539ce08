import type { PaymentProduct } from '@stod/domain';
import { Car, Coffee, Fuel, Repeat, UtensilsCrossed, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/index.ts';

const PRODUCTS: Record<PaymentProduct, { icon: LucideIcon; label: TranslationKey }> = {
  fuel: { icon: Fuel, label: 'product.fuel' },
  carwash: { icon: Car, label: 'product.carwash' },
  charging: { icon: Zap, label: 'product.charging' },
  food: { icon: UtensilsCrossed, label: 'product.food' },
  beverages: { icon: Coffee, label: 'product.beverages' },
  subscriptions: { icon: Repeat, label: 'product.subscriptions' },
};

/** Spec §5: a card may lack permission for a product; this shows what it may buy. */
export function ProductChips({ products }: { products: readonly PaymentProduct[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('wallet.productsLabel')} className="flex flex-wrap gap-1.5">
      {products.map((product) => {
        const { icon: Icon, label } = PRODUCTS[product];
        return (
          <li
            key={product}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
          >
            <Icon size={14} aria-hidden="true" />
            {t(label)}
          </li>
        );
      })}
    </ul>
  );
}
