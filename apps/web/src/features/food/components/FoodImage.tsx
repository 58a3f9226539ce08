import { UtensilsCrossed } from 'lucide-react';
import { cn } from '@stod/ui/cn.ts';

/** A product's or offer's picture; without one, a quiet placeholder of the same size. */
export function FoodImage({ src, className }: { src: string | null; className?: string }) {
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className={cn(
          'flex shrink-0 items-center justify-center rounded-2xl bg-amber-50 text-amber-700',
          className,
        )}
      >
        <UtensilsCrossed size={28} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={120}
      className={cn('shrink-0 rounded-2xl bg-amber-50 object-cover', className)}
    />
  );
}
