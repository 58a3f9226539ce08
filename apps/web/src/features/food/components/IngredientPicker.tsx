import { formatCurrency, type MenuProduct } from '@stod/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface IngredientChoice {
  added: string[];
  removed: string[];
}

interface Props {
  product: MenuProduct;
  value: IngredientChoice;
  onChange: (next: IngredientChoice) => void;
  testId?: string;
}

const toggle = (list: readonly string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

const box = 'size-5 shrink-0 accent-brand';
const row =
  'flex min-h-12 items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-soft/60 has-[:checked]:ring-brand';

/** What comes in the product (untick to leave out) and what may be added, at its cost. */
export function IngredientPicker({ product, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const inId = useId();
  const extraId = useId();
  const included = product.ingredients.filter((i) => i.included);
  const extras = product.ingredients.filter((i) => !i.included);
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {included.length > 0 && (
        <fieldset className="flex flex-col gap-2" aria-describedby={inId}>
          <legend className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {t('food.ingredients')}
          </legend>
          <p id={inId} className="text-sm text-slate-600">
            {t('food.ingredientsHint')}
          </p>
          {included.map((i) => (
            <label key={i.id} className={row}>
              <input
                type="checkbox"
                className={box}
                checked={!value.removed.includes(i.id)}
                onChange={(e) =>
                  onChange({ ...value, removed: toggle(value.removed, i.id, !e.target.checked) })
                }
                data-testid={`ingredient-${i.id}`}
              />
              <span className="flex-1 text-base text-slate-900">{i.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {extras.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend
            id={extraId}
            className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
          >
            {t('food.extras')}
          </legend>
          {extras.map((i) => (
            <label key={i.id} className={row}>
              <input
                type="checkbox"
                className={box}
                checked={value.added.includes(i.id)}
                onChange={(e) =>
                  onChange({ ...value, added: toggle(value.added, i.id, e.target.checked) })
                }
                data-testid={`extra-${i.id}`}
              />
              <span className="flex-1 text-base text-slate-900">{i.name}</span>
              <span className="text-sm font-semibold text-slate-700 tabular-nums">
                +{formatCurrency(i.additionalCost)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
