/** The brand's colours, which the theme reads as CSS variables (--brand-*). */
export interface BrandColors {
  primary: string;
  primaryStrong: string;
  primarySoft: string;
  accent: string;
  dark: string;
  darkSurface: string;
}

export const defaultBrandColors: BrandColors = {
  primary: '#0b6e69',
  primaryStrong: '#08524e',
  primarySoft: '#e3f2f0',
  accent: '#f2a93b',
  dark: '#0b1620',
  darkSurface: '#15242f',
};

/** Sets the brand's colours on the document, before the first render. */
export function applyBrandColors(colors: BrandColors): void {
  const style = document.documentElement.style;
  style.setProperty('--brand-primary', colors.primary);
  style.setProperty('--brand-primary-strong', colors.primaryStrong);
  style.setProperty('--brand-primary-soft', colors.primarySoft);
  style.setProperty('--brand-accent', colors.accent);
  style.setProperty('--brand-dark', colors.dark);
  style.setProperty('--brand-dark-surface', colors.darkSurface);
}
