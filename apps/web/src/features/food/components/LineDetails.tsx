import { formatCurrency, localized, type PricedLine, type PricedProduct } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/index.ts';

/** A line's name in the app's language: an order keeps the menu's English beside the Faroese. */
export function useLineName() {
  const locale = useLocale();
  return (named: { name: string; nameEn?: string | undefined }) =>
    localized(named.name, named.nameEn, locale);
}

/** The changes to one product: + added (with its cost), − left out. */
function Changes({ product }: { product: PricedProduct }) {
  const { t } = useTranslation();
  const say = useLineName();
  if (product.added.length === 0 && product.removed.length === 0) return null;
  return (
    <ul className="flex flex-col text-sm text-slate-600">
      {product.added.map((i) => (
        <li key={`+${i.id}`} data-testid="line-added">
          + {say(i)} <span className="tabular-nums">{formatCurrency(i.additionalCost)}</span>
        </li>
      ))}
      {product.removed.map((i) => (
        <li key={`-${i.id}`} data-testid="line-removed">
          − {t('food.without', { name: say(i) })}
        </li>
      ))}
    </ul>
  );
}

/** What a priced line holds: an offer's items with their changes, or a product's changes. */
export function LineDetails({ line }: { line: PricedLine }) {
  const say = useLineName();
  if (line.type === 'product') return <Changes product={line} />;
  return (
    <ul className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3">
      {line.items.map((item, k) => (
        <li key={`${item.productId}-${k}`} className="flex flex-col">
          <span className="text-sm font-medium text-slate-800">{say(item)}</span>
          <Changes product={item} />
        </li>
      ))}
    </ul>
  );
}
