// @vitest-environment happy-dom
import type { Menu } from '@stod/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addLine,
  clearCart,
  hydrateCart,
  orderLinesOf,
  priceCart,
  setQuantity,
  type NewCartLine,
} from './cart.ts';
import { keepsFoodCart, resetFoodCart, useFoodCart } from './store.ts';

const menu: Menu = {
  stationId: 1,
  version: 'v1',
  categories: [{ id: 'heitt', name: 'Heitur matur' }],
  products: [
    {
      id: 'burgari',
      categoryId: 'heitt',
      name: 'Burgari',
      description: '',
      imageUrl: null,
      price: 99_00,
      allergens: ['gluten'],
      ingredients: [
        { id: 'lokur', name: 'Lókur', included: true, additionalCost: 0 },
        { id: 'ostur', name: 'Ostur', included: false, additionalCost: 5_00 },
      ],
      available: true,
    },
    {
      id: 'cola',
      categoryId: 'heitt',
      name: 'Cola',
      description: '',
      imageUrl: null,
      price: 30_00,
      allergens: [],
      ingredients: [],
      available: true,
    },
  ],
  offers: [
    {
      id: 'tilbod',
      name: 'Burgaratilboð',
      description: '',
      imageUrl: null,
      offerGroup: { navisionId: 'NAV-1' },
      items: [
        {
          type: 'matur',
          choices: [{ productId: 'burgari', normalPrice: 99_00, offerPrice: 89_00 }],
        },
        {
          type: 'sodavatn',
          choices: [{ productId: 'cola', normalPrice: 30_00, offerPrice: 15_00 }],
        },
      ],
      available: true,
    },
  ],
};

const burger: Extract<NewCartLine, { type: 'product' }> = {
  type: 'product',
  productId: 'burgari',
  quantity: 1,
  added: ['ostur'],
  removed: [],
};
const deal: NewCartLine = {
  type: 'offer',
  offerId: 'tilbod',
  quantity: 2,
  items: [
    { productId: 'burgari', added: ['ostur'], removed: ['lokur'] },
    { productId: 'cola', added: [], removed: [] },
  ],
};
const lines = (station = '1') => useFoodCart.getState().carts[station] ?? [];
const mutable = <T>(value: T): T => structuredClone(value);

afterEach(() => {
  resetFoodCart();
  localStorage.clear();
});

describe('the food cart', () => {
  it('prices lines by the domain’s rule: 2 × (89 + 5 + 15) = 218 kr. for the deal', () => {
    addLine('1', mutable(deal));
    addLine('1', mutable(burger));
    const cart = priceCart(menu, lines());
    expect(cart.rows.map((r) => r.priced?.total)).toEqual([218_00, 104_00]);
    expect(cart).toMatchObject({ total: 322_00, count: 3, complete: true });
  });

  it('adds the same product with the same changes to its line, and keeps others apart', () => {
    addLine('1', mutable(burger));
    addLine('1', { ...mutable(burger), quantity: 2 });
    addLine('1', { ...mutable(burger), added: [] });
    expect(lines().map((l) => l.quantity)).toEqual([3, 1]);
  });

  it('removes a line whose quantity falls below 1 (§4), and empties one station only', () => {
    addLine('1', mutable(burger));
    addLine('2', mutable(burger));
    const [line] = lines();
    setQuantity('1', line!.uuid, 0);
    expect(lines()).toEqual([]);
    expect(lines('2')).toHaveLength(1);
    clearCart('2');
    expect(useFoodCart.getState().carts).toEqual({});
  });

  it('marks a line the menu no longer has, and leaves it out of the total', () => {
    addLine('1', mutable(burger));
    addLine('1', { type: 'product', productId: 'horfin', quantity: 1, added: [], removed: [] });
    const cart = priceCart(menu, lines());
    expect(cart.complete).toBe(false);
    expect(cart.rows[1]?.priced).toBeNull();
    expect(cart.total).toBe(104_00);
  });

  it('gives the API its order lines', () => {
    addLine('1', mutable(deal));
    expect(orderLinesOf(lines())).toEqual([
      {
        type: 'offer',
        offerId: 'tilbod',
        quantity: 2,
        items: [
          { productId: 'burgari', addedIngredientIds: ['ostur'], removedIngredientIds: ['lokur'] },
          { productId: 'cola', addedIngredientIds: [], removedIngredientIds: [] },
        ],
      },
    ]);
  });

  it('is kept on the device and read back, and a reset while reading wins', async () => {
    addLine('1', mutable(burger));
    const saved = localStorage.getItem('food_cart');
    expect(saved).toContain('burgari');
    useFoodCart.setState({ carts: {}, hydrated: false });
    await hydrateCart();
    expect(lines()).toHaveLength(1);

    useFoodCart.setState({ carts: {}, hydrated: false });
    localStorage.setItem('food_cart', saved!);
    const reading = hydrateCart();
    resetFoodCart();
    await reading;
    expect(useFoodCart.getState().carts).toEqual({});
    expect(localStorage.getItem('food_cart')).toBeNull();
  });

  it('ignores a saved cart that is not one', async () => {
    localStorage.setItem('food_cart', '{"1": [{"nonsense": true}], "2": 5}');
    useFoodCart.setState({ carts: {}, hydrated: false });
    await hydrateCart();
    expect(useFoodCart.getState()).toEqual({ carts: { '1': [] }, hydrated: true });
  });
});

describe('rule 3: where the cart survives', () => {
  const url = (path: string) => new URL(path, 'https://app.example');
  it('survives the food routes, and sign-in or registration on the way back to one', () => {
    expect(keepsFoodCart('food-station-cart', url('/food-order/1/cart'))).toBe(true);
    expect(keepsFoodCart('login', url('/login?redirect=%2Ffood-order%2F1%2Fcheckout'))).toBe(true);
    expect(keepsFoodCart('login', url('/login?redirect=%2Fhome'))).toBe(false);
    expect(keepsFoodCart('home', url('/home'))).toBe(false);
    sessionStorage.setItem('redirectPathName', '/food-order/1/checkout');
    expect(keepsFoodCart('register-payment-method', url('/register-user/payment-method'))).toBe(
      true,
    );
    sessionStorage.clear();
  });
});
