import { applyBrandColors } from '@stod/ui/brand.ts';
import { BRAND } from '../config.ts';

/** The brand's colours become CSS variables that the Tailwind theme reads. */
export function applyBrand(): void {
  applyBrandColors(BRAND.colors);
}
