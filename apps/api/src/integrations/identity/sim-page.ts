import { translateServer } from '@stod/domain';
import { escapeHtml, htmlPage, inBothLanguages } from '../../lib/html.ts';
import { TEST_PERSONS } from './sim-persons.ts';

const says = (key: Parameters<typeof inBothLanguages>[0]) => escapeHtml(inBothLanguages(key));

const STYLE = `body{background:#eef2f5;font-size:16px;line-height:1.45}
main{max-width:28rem}
form{display:grid;gap:12px}
button{display:grid;width:100%;min-height:56px;padding:12px 16px;border:1px solid #9aa5ae;border-radius:12px;background:#fff;font:inherit;font-size:17px;font-weight:600;text-align:left;color:inherit;cursor:pointer}
small{font-weight:400;color:#47525c}
.cancel{background:transparent;border:0;color:#0b6e69;text-align:center}`;

/** The sign-in page: the request travels on in hidden fields, a test person is one button. */
export function signInPage(params: Record<string, string>) {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const people = TEST_PERSONS.map(
    (p) =>
      `<button name="subject" value="${escapeHtml(p.subject)}">${escapeHtml(p.name)}<small>${escapeHtml(p.subject)}</small></button>`,
  ).join('');
  const intro = `${translateServer('identitySim.simulator', 'fo')} ${translateServer('identitySim.choose', 'fo')} · ${translateServer('identitySim.simulator', 'en')} ${translateServer('identitySim.choose', 'en')}`;
  return htmlPage({
    lang: 'fo',
    title: inBothLanguages('identitySim.title'),
    style: STYLE,
    body: `<h1>${says('identitySim.title')}</h1>
<p>${escapeHtml(intro)}</p>
<form method="post">${hidden}${people}<button class="cancel" name="subject" value="">${says('identitySim.cancel')}</button></form>`,
  });
}
