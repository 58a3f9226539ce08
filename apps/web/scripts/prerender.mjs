// Writes dist/prerendered.json: the first screens a guest opens on the web (app/prerender.tsx's
// PRERENDERED_PATHS), rendered in each language from the prerender build in dist-ssr/. The API
// puts a page's markup into #root of the index.html it sends for that address and language
// (apps/api/src/static.ts), and the app hydrates it (decision 0064).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const { render, PRERENDERED_PATHS, PRERENDERED_LOCALES, DEVICE_KEYS } = await import(
  `${web}dist-ssr/prerender.js`
);

const pages = {};
for (const locale of PRERENDERED_LOCALES) {
  pages[locale] = {};
  for (const path of PRERENDERED_PATHS) {
    const page = await render(path, locale);
    // A guard that sends a guest elsewhere (a build for the food order only, say) leaves the
    // address to the app, as before.
    if (page.path !== path) continue;
    pages[locale][path] = { html: page.html, title: page.title };
  }
}
writeFileSync(`${web}dist/prerendered.json`, JSON.stringify({ ...DEVICE_KEYS, pages }));
const count = Object.values(pages).reduce((n, byPath) => n + Object.keys(byPath).length, 0);
console.log(`prerendered ${String(count)} pages into dist/prerendered.json`);
