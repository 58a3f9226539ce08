import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../config.ts';
import { CONFIGURATION_PAGE, formattedPage } from './config-doc.ts';

describe('docs/configuration.md', () => {
  it('is the page config.ts makes (run `npm run docs:config` after changing a variable)', async () => {
    expect(readFileSync(CONFIGURATION_PAGE, 'utf8')).toBe(await formattedPage());
  });

  it('gives every variable a meaning', () => {
    const bare = Object.entries(envSchema.shape)
      .filter(([, schema]) => !schema.description)
      .map(([name]) => name);
    expect(bare).toEqual([]);
  });
});
