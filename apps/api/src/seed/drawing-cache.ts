import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CACHE_ROOT } from '../db/pglite-template.ts';

/**
 * The code a demo picture is drawn by: the same code draws the same bytes. pngjs's package.json
 * stands for its code by naming its version.
 */
const DRAWING_SOURCES = [
  new URL('./campaign-art.ts', import.meta.url),
  new URL('../lib/png.ts', import.meta.url),
  pathToFileURL(createRequire(import.meta.url).resolve('pngjs/package.json')),
];

function drawingKey(name: string): string {
  const hash = createHash('sha256');
  hash.update(`${name}\0zlib ${process.versions.zlib}\0`);
  for (const source of DRAWING_SOURCES) hash.update(readFileSync(fileURLToPath(source)));
  return hash.digest('hex').slice(0, 24);
}

/**
 * A demo picture drawn in code takes about half a second of CPU, and gives the same bytes each
 * time: it is drawn once and kept in the cache, named by a hash of the drawing code, so changed
 * code draws anew. Without a usable cache it is simply drawn.
 */
export function cachedDrawing(name: string, draw: () => Buffer, cacheRoot = CACHE_ROOT): Buffer {
  const folder = join(cacheRoot, 'drawings');
  let path: string;
  try {
    path = join(folder, `${name}-${drawingKey(name)}.png`);
  } catch {
    return draw();
  }
  try {
    return readFileSync(path);
  } catch {
    // Not drawn yet.
  }
  const bytes = draw();
  const writing = `${path}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(folder, { recursive: true });
    // Written beside and renamed, so a reader never sees half a picture.
    writeFileSync(writing, bytes);
    renameSync(writing, path);
  } catch {
    try {
      rmSync(writing, { force: true });
    } catch {
      // Nothing was written.
    }
  }
  return bytes;
}
