import {
  addedCost,
  formatCurrency,
  offerLineTotal,
  type Menu,
  type MenuOffer,
  type MenuProduct,
} from '@stod/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addLine } from '../cart.ts';
import type { FoodChoice } from '../store.ts';
import { AllergenList } from './AllergenList.tsx';
import { FoodImage } from './FoodImage.tsx';
import { IngredientPicker } from './IngredientPicker.tsx';
import { SheetFoot } from './SheetFoot.tsx';

interface Props {
  stationId: string;
  menu: Menu;
  offer: MenuOffer;
  readOnly: boolean;
  onAdded: () => void;
}

/** The first available choice of each item, as the offer is first shown. */
function firstChoices(offer: MenuOffer, products: Map<string, MenuProduct>): FoodChoice[] {
  return offer.items.map((item) => {
    const choice = item.choices.find((c) => products.get(c.productId)?.available);
    return { productId: choice?.productId ?? '', added: [], removed: [] };
  });
}

/** A meal deal: the food and the drink to choose, their changes, and what the deal saves. */
export function OfferSheet({ stationId, menu, offer, readOnly, onAdded }: Props) {
  const { t } = useTranslation();
  const groupId = useId();
  const products = new Map(menu.products.map((p) => [p.id, p]));
  const [items, setItems] = useState(() => firstChoices(offer, products));
  const [quantity, setQuantity] = useState(1);

  const unitPrices = offer.items.map((slot, k) => {
    const chosen = items[k];
    const choice = slot.choices.find((c) => c.productId === chosen?.productId);
    const product = chosen && products.get(chosen.productId);
    if (!choice || !product) return { offer: 0, normal: 0 };
    const extra = addedCost(product, chosen.added);
    return { offer: choice.offerPrice + extra, normal: choice.normalPrice + extra };
  });
  const total = offerLineTotal(
    quantity,
    unitPrices.map((p) => p.offer),
  );
  const saving =
    offerLineTotal(
      quantity,
      unitPrices.map((p) => p.normal),
    ) - total;
  const complete = items.every((i) => products.get(i.productId)?.available);

  const setItem = (k: number, next: FoodChoice) =>
    setItems((all) => all.map((item, i) => (i === k ? next : item)));

  const add = () => {
    addLine(stationId, { type: 'offer', offerId: offer.id, quantity, items });
    onAdded();
  };

  return (
    <div className="flex flex-col gap-5" data-testid={`offer-sheet-${offer.id}`}>
      <FoodImage src={offer.imageUrl} className="mx-auto aspect-[4/3] h-44" />
      {offer.description && <p className="text-base text-slate-700">{offer.description}</p>}
      {offer.items.map((slot, k) => {
        const chosen = items[k];
        const product = chosen ? products.get(chosen.productId) : undefined;
        const heading = t(slot.type === 'matur' ? 'food.chooseFood' : 'food.chooseDrink');
        return (
          <fieldset key={`${slot.type}-${k}`} className="flex flex-col gap-2">
            <legend
              id={`${groupId}-${k}`}
              className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase"
            >
              {heading}
            </legend>
            {slot.choices.map((choice) => {
              const p = products.get(choice.productId);
              if (!p) return null;
              return (
                <label
                  key={choice.productId}
                  className="flex min-h-14 items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-soft/60 has-[:checked]:ring-2 has-[:checked]:ring-brand has-[:disabled]:opacity-50"
                >
                  <input
                    type="radio"
                    name={`${groupId}-${k}`}
                    className="size-5 shrink-0 accent-brand"
                    checked={chosen?.productId === choice.productId}
                    disabled={readOnly || !p.available}
                    onChange={() =>
                      setItem(k, { productId: choice.productId, added: [], removed: [] })
                    }
                    data-testid={`choice-${k}-${choice.productId}`}
                  />
                  <span className="flex flex-1 flex-col">
                    <span className="text-base font-medium text-slate-900">{p.name}</span>
                    {!p.available && (
                      <span className="text-sm text-slate-600">{t('food.soldOut')}</span>
                    )}
                  </span>
                  <span className="flex flex-col items-end">
                    <span className="text-base font-semibold tabular-nums">
                      {formatCurrency(choice.offerPrice)}
                    </span>
                    {choice.normalPrice > choice.offerPrice && (
                      <span className="text-xs text-slate-600 line-through">
                        {formatCurrency(choice.normalPrice)}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
            {!readOnly && slot.type === 'matur' && product && chosen && (
              <div className="mt-2 flex flex-col gap-4 rounded-2xl bg-slate-50 p-3">
                <AllergenList allergens={product.allergens} />
                <IngredientPicker
                  product={product}
                  value={chosen}
                  onChange={(next) => setItem(k, { ...chosen, ...next })}
                />
              </div>
            )}
          </fieldset>
        );
      })}
      {!readOnly && (
        <SheetFoot
          quantity={quantity}
          onQuantity={setQuantity}
          total={total}
          onAdd={add}
          disabled={!complete}
          note={
            saving > 0 && (
              <p
                className="text-center text-base font-semibold text-emerald-800"
                data-testid="offer-saving"
              >
                {t('food.save', { amount: formatCurrency(saving) })}
              </p>
            )
          }
        />
      )}
    </div>
  );
}
