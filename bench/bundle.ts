// Web bundle budget: the gzip size of the JavaScript a first paint needs, as a ratio to 120 KB.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const BUDGET = 120 * 1024;

if (!existsSync(new URL('index.html', dist))) {
  console.log('bundle: apps/web/dist is missing; run `npm run build` first');
  process.exit(0);
}
const html = readFileSync(new URL('index.html', dist), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
const gz = (file: string) => gzipSync(readFileSync(new URL(file, dist))).length;
const entryBytes = entry.reduce((sum, file) => sum + gz(file), 0);
const all = readdirSync(new URL('assets/', dist)).filter((f) => f.endsWith('.js'));
const routeChunk = (name: string) => all.find((f) => f.toLowerCase().startsWith(name)) ?? null;

console.log(
  `web: entry JS ${(entryBytes / 1024).toFixed(1)} KB gzip = ×${(entryBytes / BUDGET).toFixed(2)} of the 120 KB budget`,
);
for (const route of ['login', 'foodorder']) {
  const chunk = routeChunk(route);
  if (!chunk) continue;
  const bytes = entryBytes + gz(`assets/${chunk}`);
  console.log(
    `web: first paint of /${route} ${(bytes / 1024).toFixed(1)} KB gzip = ×${(bytes / BUDGET).toFixed(2)} of budget`,
  );
}
