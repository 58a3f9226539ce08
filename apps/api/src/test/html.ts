import { expect } from 'vitest';

/** The narrowest phone the pages are made for (spec screens are checked at 390×844). */
const PHONE_WIDTH = 390;

/**
 * Checks that a page the server renders fits a phone: a viewport meta that follows the device's
 * width at scale 1, borders and padding inside each box's width, and no fixed width (or minimum
 * width) wider than the phone, in the stylesheet or on an element.
 */
export function expectFitsPhone(html: string) {
  const viewport = /<meta name="viewport" content="([^"]*)">/.exec(html)?.[1] ?? '';
  expect(viewport.split(',').map((part) => part.trim())).toEqual(
    expect.arrayContaining(['width=device-width', 'initial-scale=1']),
  );
  expect(html).toContain('box-sizing:border-box');
  const widths = [
    ...html.matchAll(/(?<![\w-])(?:min-)?width\s*[:=]\s*"?(\d+(?:\.\d+)?)(px|rem|em)?/g),
  ];
  for (const [whole, value = '0', unit = 'px'] of widths) {
    const px = Number(value) * (unit === 'px' ? 1 : 16);
    expect(px, whole).toBeLessThanOrEqual(PHONE_WIDTH);
  }
}
