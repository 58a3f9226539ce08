import { ALLERGEN_NAMES, isLocale, type Allergen } from '@stod/domain';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The product's allergens by name, or that it has none of the 14. */
export function AllergenList({ allergens }: { allergens: readonly Allergen[] }) {
  const { t, i18n } = useTranslation();
  const names = ALLERGEN_NAMES[isLocale(i18n.language) ? i18n.language : 'fo'];
  return (
    <section className="flex flex-col gap-2" data-testid="food-allergens">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t('food.allergens')}
      </h3>
      {allergens.length === 0 ? (
        <p className="text-sm text-slate-600">{t('food.noAllergens')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {allergens.map((a) => (
            <li
              key={a}
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-950"
            >
              <TriangleAlert size={14} aria-hidden="true" />
              {names[a]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
