// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBrandColors, defaultBrandColors } from '@stod/ui/brand.ts';
import { describe, expect, it } from 'vitest';

describe("the default brand's colours in the stylesheet", () => {
  it('are the ones the app sets, so a page paints in them before any script', () => {
    const css = readFileSync(
      join(import.meta.dirname, '../../../../packages/ui/src/theme.css'),
      'utf8',
    );
    const root = /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
    const inCss = Object.fromEntries(
      [...root.matchAll(/(--brand-[\w-]+): ([^;]+);/g)].map((m) => [m[1], m[2]]),
    );
    // What the app's own start sets, read back from the document.
    applyBrandColors(defaultBrandColors);
    const style = document.documentElement.style;
    const set = Object.fromEntries(
      Array.from(style)
        .filter((name) => name.startsWith('--brand-'))
        .map((name) => [name, style.getPropertyValue(name)]),
    );
    expect(Object.keys(set)).toHaveLength(Object.keys(defaultBrandColors).length);
    expect(inCss).toEqual(set);
  });
});
