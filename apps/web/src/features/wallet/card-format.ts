import type { PaymentMethod } from '@stod/domain';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
};

/** The brand as people write it; the provider's own card is named by the caller (i18n). */
export function brandLabel(brand: string): string {
  const known = BRANDS[brand.toLowerCase()];
  if (known) return known;
  return brand.length > 0 ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand;
}

export function maskedNumber(last4: string): string {
  return `•••• ${last4}`;
}

/** 'MM/YY', or null when the card has no expiry (the provider's own cards). */
export function formatExpiry(method: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string | null {
  const { expMonth, expYear } = method;
  if (expMonth === null || expYear === null) return null;
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** Groups of four as the user types; the domain's schema strips the spaces again. */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The card's own name, else the provider's card name or the brand. */
export function cardTitle(
  method: Pick<PaymentMethod, 'name' | 'kind' | 'brand'>,
  ownCardLabel: string,
): string {
  if (method.name) return method.name;
  return method.kind === 'own_card' ? ownCardLabel : brandLabel(method.brand);
}

/** How buttons name the card they act on: 'Visa •••• 4242'. */
export function cardAccessibleName(
  method: Pick<PaymentMethod, 'name' | 'kind' | 'brand' | 'last4'>,
  ownCardLabel: string,
): string {
  return `${cardTitle(method, ownCardLabel)} ${maskedNumber(method.last4)}`;
}
