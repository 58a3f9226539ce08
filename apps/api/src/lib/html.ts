import { translateServer, type ServerMessageKey } from '@stod/domain';

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/**
 * The frame of the small pages the server renders itself (the legal pages, the simulators'
 * pages): fit to a phone at 390 px and narrower, nothing wider than the screen, the safe areas
 * kept clear, and no script.
 */
export function htmlPage(input: { lang: string; title: string; style: string; body: string }) {
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="color-scheme" content="light">
<title>${escapeHtml(input.title)}</title>
<style>
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0b1620;overflow-wrap:anywhere}
main{width:100%;max-width:40rem;margin:0 auto;padding:max(24px,env(safe-area-inset-top)) max(20px,env(safe-area-inset-right)) max(32px,env(safe-area-inset-bottom)) max(20px,env(safe-area-inset-left))}
${input.style}
</style></head>
<body><main>
${input.body}
</main></body></html>`;
}

/**
 * A simulator's text in both languages on one line, Faroese first: a simulator stands for a
 * service of its own, which shows one page to every customer.
 */
export function inBothLanguages(key: ServerMessageKey, params?: Record<string, string>) {
  const fo = translateServer(key, 'fo', params);
  const en = translateServer(key, 'en', params);
  return fo === en ? fo : `${fo} · ${en}`;
}
