import type { PaymentMethod } from '@stod/domain';
import { CreditCard } from 'lucide-react';
import { Logo } from '@stod/ui/Logo.tsx';
import { cn } from '@stod/ui/cn.ts';

/** A small brand mark in the shape of a card: the provider's logo, or the card network's. */
export function CardMark({
  method,
  size = 'md',
}: {
  method: Pick<PaymentMethod, 'kind' | 'brand'>;
  size?: 'md' | 'lg';
}) {
  const box = cn(
    'flex shrink-0 items-center justify-center rounded-lg',
    size === 'lg' ? 'h-10 w-16' : 'h-9 w-14',
  );
  if (method.kind === 'own_card') {
    return (
      // The logo's own tile shares the brand colour, so it blends into the card shape.
      <span aria-hidden="true" className={cn(box, 'bg-brand [&_svg]:size-8')}>
        <Logo />
      </span>
    );
  }
  switch (method.brand.toLowerCase()) {
    case 'visa':
      return (
        <span
          aria-hidden="true"
          className={cn(box, 'bg-[#1a1f71] text-sm font-black tracking-wide text-white italic')}
        >
          VISA
        </span>
      );
    case 'mastercard':
      return (
        <span aria-hidden="true" className={cn(box, 'bg-slate-900')}>
          <svg viewBox="0 0 32 20" className="h-5 w-8">
            <circle cx="12" cy="10" r="8" fill="#eb001b" />
            <circle cx="20" cy="10" r="8" fill="#f79e1b" fillOpacity="0.9" />
          </svg>
        </span>
      );
    case 'amex':
      return (
        <span
          aria-hidden="true"
          className={cn(box, 'bg-[#006fcf] text-xs font-bold tracking-wider text-white')}
        >
          AMEX
        </span>
      );
    default:
      return (
        <span aria-hidden="true" className={cn(box, 'bg-slate-200 text-slate-700')}>
          <CreditCard size={20} />
        </span>
      );
  }
}
