import type { ReceiptProductType } from '@stod/domain';
import { Car, Fuel, UtensilsCrossed, Zap, type LucideIcon } from 'lucide-react';
import type { TranslationKey } from '../../../i18n/index.ts';

const types: Record<ReceiptProductType, { icon: LucideIcon; label: TranslationKey }> = {
  Fuel: { icon: Fuel, label: 'receipts.type.Fuel' },
  Carwash: { icon: Car, label: 'receipts.type.Carwash' },
  Charge: { icon: Zap, label: 'receipts.type.Charge' },
  Food: { icon: UtensilsCrossed, label: 'receipts.type.Food' },
};

/** The text key naming a receipt's product type. */
export const receiptTypeLabel = (type: ReceiptProductType): TranslationKey => types[type].label;

export function ReceiptTypeIcon({ type, size = 20 }: { type: ReceiptProductType; size?: number }) {
  const Icon = types[type].icon;
  return <Icon size={size} aria-hidden="true" />;
}
