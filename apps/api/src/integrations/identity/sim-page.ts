import { TEST_PERSONS } from './sim-persons.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The sign-in page: the request travels on in hidden fields, a test person is one button. */
export function signInPage(params: Record<string, string>) {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  const people = TEST_PERSONS.map(
    (p) =>
      `<button name="subject" value="${escape(p.subject)}">${escape(p.name)}<small>${escape(p.subject)}</small></button>`,
  ).join('');
  return `<!doctype html><html lang="fo"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Talgildur samleiki</title><style>
body{font-family:system-ui,sans-serif;background:#eef2f5;margin:0;color:#0b1620}main{max-width:420px;margin:0 auto;padding:24px}
form{display:grid;gap:12px}button{min-height:56px;border:1px solid #9aa5ae;border-radius:12px;background:#fff;font-size:17px;font-weight:600;text-align:left;padding:12px 16px;display:grid}
small{font-weight:400;color:#47525c}.cancel{background:transparent;border:0;color:#0b6e69;text-align:center}
</style></head><body><main><h1>Talgildur samleiki</h1>
<p>Samleikasimulatorur · Identity simulator. Vel ein roynd persón · Choose a test person.</p>
<form method="post">${hidden}${people}<button class="cancel" name="subject" value="">Angra · Cancel</button></form></main></body></html>`;
}
