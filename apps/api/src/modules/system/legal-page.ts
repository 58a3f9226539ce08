import {
  legalPages,
  legalText,
  translateServer,
  type Company,
  type LegalPage,
  type Locale,
} from '@stod/domain';
import { escapeHtml, htmlPage } from '../../lib/html.ts';

const STYLE = `body{background:#fff;font-size:17px;line-height:1.55}
.brand{margin:0 0 4px;font-size:15px;font-weight:600;color:#47525c}
h1{margin:0 0 16px;font-size:28px;line-height:1.2}
h2{margin:28px 0 8px;font-size:19px;line-height:1.3}
p{margin:0 0 12px}
.lead{font-size:18px}
a{color:#0b6e69;text-underline-offset:3px}
.lang{display:inline-flex;align-items:center;min-height:44px;margin-bottom:8px}
nav{margin-top:32px;padding-top:16px;border-top:1px solid #d5dbe0}
nav ul{list-style:none;margin:0;padding:0}
nav a{display:flex;align-items:center;min-height:44px}
footer{margin-top:24px;color:#47525c;font-size:15px}`;

/** Where the API serves a built-in legal page. */
export const legalPath = (page: LegalPage) => `/api/legal/${page}`;

const href = (page: LegalPage, locale: Locale) => `${legalPath(page)}?lang=${locale}`;

/** A built-in legal page as a small HTML document in the given language. */
export function legalPageHtml(page: LegalPage, locale: Locale, company: Company): string {
  const text = legalText(page, locale, company);
  const other: Locale = locale === 'fo' ? 'en' : 'fo';
  const t = (key: Parameters<typeof translateServer>[0], params?: Record<string, string>) =>
    escapeHtml(translateServer(key, locale, params));
  const sections = text.sections
    .map(
      (section) =>
        `<h2>${escapeHtml(section.heading)}</h2>\n${section.paragraphs
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('\n')}`,
    )
    .join('\n');
  const links = legalPages
    .filter((p) => p !== page)
    .map(
      (p) =>
        `<li><a href="${href(p, locale)}">${escapeHtml(legalText(p, locale, company).title)}</a></li>`,
    )
    .join('');
  const body = `<p class="brand">${escapeHtml(company.name)}</p>
<a class="lang" href="${href(page, other)}" hreflang="${other}" lang="${other}">${t('legal.otherLanguage')}</a>
<h1>${escapeHtml(text.title)}</h1>
<p class="lead">${escapeHtml(text.intro)}</p>
${sections}
<nav aria-label="${t('legal.more')}"><ul>${links}</ul></nav>
<footer><p>${t('legal.contact', { email: company.email, phone: company.phone })}</p>
<p>${escapeHtml(company.legalName)} · ${escapeHtml(company.address)} · ${escapeHtml(company.vatNumber)}</p></footer>`;
  return htmlPage({ lang: locale, title: `${text.title} · ${company.name}`, style: STYLE, body });
}
