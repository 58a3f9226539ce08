import type { PaymentMethod, PaymentProduct } from '@stod/domain';

/** The active cards that may pay for a product (spec §5), the favourite first. */
export function payingCards(
  methods: readonly PaymentMethod[],
  product: PaymentProduct,
): PaymentMethod[] {
  return methods
    .filter((m) => m.isActive && m.products.includes(product))
    .sort((a, b) => Number(b.isFavourite) - Number(a.isFavourite));
}

/** 'Visa •••• 4242', or the card's own name with its last digits. */
export function cardTitle(method: Pick<PaymentMethod, 'name' | 'brand' | 'last4'>): string {
  const title = method.name ?? method.brand.charAt(0).toUpperCase() + method.brand.slice(1);
  return `${title.trim()} •••• ${method.last4}`;
}
