import { addedCost, productLineTotal, type MenuProduct } from '@stod/domain';
import { useState } from 'react';
import { addLine } from '../cart.ts';
import { AllergenList } from './AllergenList.tsx';
import { FoodImage } from './FoodImage.tsx';
import { IngredientPicker, type IngredientChoice } from './IngredientPicker.tsx';
import { SheetFoot } from './SheetFoot.tsx';

interface Props {
  stationId: string;
  product: MenuProduct;
  /** Ordering is closed: the sheet shows the product but adds nothing. */
  readOnly: boolean;
  onAdded: () => void;
}

/** A product's sheet: its picture, allergens, ingredients to leave out or add, and how many. */
export function ProductSheet({ stationId, product, readOnly, onAdded }: Props) {
  const [choice, setChoice] = useState<IngredientChoice>({ added: [], removed: [] });
  const [quantity, setQuantity] = useState(1);
  const total = productLineTotal(quantity, product.price, addedCost(product, choice.added));

  const add = () => {
    addLine(stationId, {
      type: 'product',
      productId: product.id,
      quantity,
      added: choice.added,
      removed: choice.removed,
    });
    onAdded();
  };

  return (
    <div className="flex flex-col gap-5" data-testid={`product-sheet-${product.id}`}>
      <FoodImage src={product.imageUrl} className="mx-auto aspect-[4/3] h-44" />
      {product.description && <p className="text-base text-slate-700">{product.description}</p>}
      <AllergenList allergens={product.allergens} />
      {!readOnly && (
        <>
          <IngredientPicker product={product} value={choice} onChange={setChoice} />
          <SheetFoot quantity={quantity} onQuantity={setQuantity} total={total} onAdd={add} />
        </>
      )}
    </div>
  );
}
