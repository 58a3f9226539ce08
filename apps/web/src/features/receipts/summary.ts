import { receiptProductName, type Locale, type Receipt } from '@stod/domain';

/**
 * What a list row says about the purchase: the type, then the product when it adds something
 * ('Brennievni · Blýfrítt 95', but 'Lading' once rather than 'Lading · Lading').
 */
export function receiptProductLine(receipt: Receipt, typeLabel: string, locale: Locale): string {
  const product = receiptProductName(receipt, locale).trim();
  if (!product || product.toLocaleLowerCase() === typeLabel.toLocaleLowerCase()) return typeLabel;
  return `${typeLabel} · ${product}`;
}
