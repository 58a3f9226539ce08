import { cn } from './cn.ts';

/** The neutral brand mark: a drop with a bolt, for fuel and charging alike. */
export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  const bg = inverse ? '#ffffff' : 'var(--brand-primary)';
  const fg = inverse ? 'var(--brand-primary)' : '#ffffff';
  return (
    <svg viewBox="0 0 64 64" className={cn('size-14', className)} aria-hidden="true">
      <rect width="64" height="64" rx="18" fill={bg} />
      <path d="M32 12c-7 10-14 18-14 27a14 14 0 0 0 28 0c0-9-7-17-14-27z" fill={fg} />
      <path d="M34 30l-8 11h6l-2 9 8-11h-6z" fill={bg} />
    </svg>
  );
}
