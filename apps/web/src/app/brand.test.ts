import { readFileSync } from 'node:fs';
import { defaultBrandColors } from '@stod/ui/brand.ts';
import { describe, expect, it } from 'vitest';

const VARIABLES: Record<keyof typeof defaultBrandColors, string> = {
  primary: '--brand-primary',
  primaryStrong: '--brand-primary-strong',
  primarySoft: '--brand-primary-soft',
  accent: '--brand-accent',
  dark: '--brand-dark',
  darkSurface: '--brand-dark-surface',
};

describe("the default brand's colours in the stylesheet", () => {
  it('are the ones the app sets, so a page paints in them before any script', () => {
    const css = readFileSync(
      new URL('../../../../packages/ui/src/theme.css', import.meta.url),
      'utf8',
    );
    const root = /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
    for (const [key, variable] of Object.entries(VARIABLES)) {
      const value = new RegExp(`${variable}: ([^;]+);`).exec(root)?.[1];
      expect(value, variable).toBe(defaultBrandColors[key as keyof typeof defaultBrandColors]);
    }
  });
});
