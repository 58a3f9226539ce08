import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
let root;

const write = (files) => {
  root = mkdtempSync(join(tmpdir(), 'stod-cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('import cycles', () => {
  it('finds a circle that closes only through a type import', () => {
    write({
      'src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'src/b.ts': "import type { C } from './c.ts';\nexport const b = 1 as unknown as C;\n",
      'src/c.ts': "export type { A } from './a.ts';\nexport type C = number;\n",
      'src/free.ts': "import { a } from './a.ts';\nexport const free = a;\n",
    });
    expect(importCycles(root, ['src'])).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });

  it('passes a graph that points one way, and leaves tests out', () => {
    write({
      'src/a.ts': "import type { B } from './b.ts';\nexport const a = 1 as unknown as B;\n",
      'src/b.ts': 'export type B = number;\n',
      'src/b.test.ts': "import { a } from './a.ts';\nexport const t = a;\n",
    });
    expect(importCycles(root, ['src'])).toEqual([]);
  });

  it('the apps and the shared packages have none', () => {
    expect(
      importCycles(repo, [
        'apps/api/src',
        'apps/web/src',
        'apps/console/src',
        'packages/domain/src',
        'packages/ui/src',
        'packages/web-client/src',
      ]),
    ).toEqual([]);
  });
});
