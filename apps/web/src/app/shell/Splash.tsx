import { BRAND } from '../../config.ts';
import { Logo } from '@stod/ui/Logo.tsx';

/** Shown until startup ends; uses no translations, since they may not be loaded yet. */
export function Splash() {
  return (
    <div
      role="status"
      aria-label={BRAND.name}
      data-testid="splash"
      className="fixed inset-0 flex flex-col items-center justify-center gap-5 bg-brand text-white"
    >
      <Logo inverse className="splash-pulse size-20" />
      <span className="text-3xl font-bold tracking-tight">{BRAND.name}</span>
    </div>
  );
}
