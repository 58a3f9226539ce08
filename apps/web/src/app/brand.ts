import { BRAND } from '../config.ts';

/** The brand's colours become CSS variables that the Tailwind theme reads. */
export function applyBrand(): void {
  const style = document.documentElement.style;
  style.setProperty('--brand-primary', BRAND.colors.primary);
  style.setProperty('--brand-primary-strong', BRAND.colors.primaryStrong);
  style.setProperty('--brand-primary-soft', BRAND.colors.primarySoft);
  style.setProperty('--brand-accent', BRAND.colors.accent);
  style.setProperty('--brand-dark', BRAND.colors.dark);
  style.setProperty('--brand-dark-surface', BRAND.colors.darkSurface);
}
