import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Splash } from './Splash.tsx';

/** The same markup whatever its line breaks: index.html is laid out by the formatter. */
const tidy = (html: string) =>
  html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').replace(/\s+>/g, '>').trim();

describe('the splash', () => {
  it('is in index.html as React draws it, so the first paint needs no script', () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    const root = /<div id="root">\s*<!--splash-->(.*)<!--\/splash-->\s*<\/div>/s.exec(html)?.[1];
    expect(tidy(root ?? '')).toBe(renderToStaticMarkup(<Splash />));
  });
});
