import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { translate } from '@stod/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultConsoleDist = fileURLToPath(new URL('../../console/dist', import.meta.url));

/** Where the staff console is served. */
export const CONSOLE_PATH = '/console/';

const KEEP_A_YEAR = 'public, max-age=31536000, immutable';

/**
 * Build files under assets/ carry their content's hash and are kept for a year. Everything else
 * is checked again on every load: index.html, the manifest, the icons, and above all the web
 * app's service worker (/sw.js), whose new version after a deploy must reach every browser at
 * its next check.
 */
function cacheControl(root: string, path: string): string {
  return relative(root, path).startsWith(`assets${sep}`) ? KEEP_A_YEAR : 'no-cache';
}

const staticOptions = (root: string) =>
  ({
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; send those to clients that take them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('cache-control', cacheControl(root, path));
    },
  }) as const;

/** A build file that is not there (a chunk of an earlier build): a 404, never the app's page. */
const isMissingAsset = (url: string) => /^\/(console\/)?assets\//.test(url);

interface Prerendered {
  localeKey: string;
  tokenKey: string;
  defaultLocale: string;
  /** Language → address → the screen's markup and title (apps/web/scripts/prerender.mjs). */
  pages: Record<string, Record<string, { html: string; title: string }>>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

const SPLASH = /<!--splash-->([\s\S]*)<!--\/splash-->/;
const APP_SCRIPTS =
  /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.~-]+\.css)">/g;

/**
 * The prerendered page's one script, run while the page is read. A device with a token (its
 * first screen is not a guest's) or a saved language other than the page's gets the splash
 * instead of the screen, and the app renders as at any other address. Until the app has taken
 * over the screen (`data-ready`), a form does not submit natively, which would put what was
 * typed into the address; the app then submits it, and clicks again a plain button tapped before
 * it came (the language switch, say), so the tap is answered rather than lost. The
 * app's files are asked for once the screen has painted, so they do not compete with the page,
 * its font and its first paint for a slow network (the browser reports the paint once it is on
 * screen; a page in a background tab, which does not paint, loads them after a second); with
 * the splash, at once.
 */
function pageScript(keys: Prerendered, entry: string, preloads: string[]): string {
  const str = JSON.stringify;
  return (
    `(function(){var r=document.getElementById('root'),g=true,d=false;` +
    `try{var s=localStorage;g=!s.getItem(${str(keys.tokenKey)})&&(s.getItem(${str(keys.localeKey)})||${str(keys.defaultLocale)})===document.documentElement.lang}catch(e){}` +
    `var h=document.documentElement,q=null,c=null;` +
    `document.addEventListener('submit',function(e){if(!h.hasAttribute('data-ready')){e.preventDefault();q=e.target}},true);` +
    `document.addEventListener('click',function(e){if(h.hasAttribute('data-ready'))return;var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&b.type==='button')c=b},true);` +
    `new MutationObserver(function(m,o){if(!h.hasAttribute('data-ready'))return;o.disconnect();if(q&&q.isConnected&&q.requestSubmit)q.requestSubmit();if(c&&c.isConnected)c.click()}).observe(h,{attributes:true,attributeFilter:['data-ready']});` +
    `function add(f,t,a){var e=document.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin='';f.appendChild(e)}` +
    `function load(){if(d)return;d=true;var f=document.createDocumentFragment();${str(preloads)}.forEach(function(h){add(f,'link',{rel:'modulepreload',href:h})});add(f,'script',{type:'module',src:${str(entry)}});document.head.appendChild(f)}` +
    `if(!g){r.removeAttribute('data-prerendered');r.innerHTML=document.getElementById('splash').innerHTML;load();return}` +
    `try{new PerformanceObserver(load).observe({type:'paint'})}catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}setTimeout(load,1000)})()`
  );
}

/** The Content-Security-Policy source that lets exactly that script run. */
const scriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * A page as sent: its text, compressed on first use and kept (compressing every page at start
 * would hold up the start), and the CSP source of its inline script.
 */
export interface Page {
  html: string;
  br: () => Buffer;
  gzip: () => Buffer;
  scriptSource: string | null;
}

function once(make: () => Buffer): () => Buffer {
  let made: Buffer | null = null;
  return () => (made ??= make());
}

function page(html: string, scriptSource: string | null = null): Page {
  return {
    html,
    br: once(() => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: once(() => gzipSync(html, { level: 9 })),
    scriptSource,
  };
}

/**
 * index.html with a first screen rendered at build time in #root, in its language; its
 * stylesheet inline, so the first paint waits for no other file but the font.
 */
function withScreen(
  webDist: string,
  html: string,
  path: string,
  locale: string,
  screen: { html: string; title: string },
  keys: Prerendered,
): Page {
  const splash = SPLASH.exec(html)?.[1] ?? '';
  let entry = '';
  const preloads: string[] = [];
  const bare = html.replace(APP_SCRIPTS, (_all, script?: string, preload?: string) => {
    if (script) entry = script;
    if (preload) preloads.push(preload);
    return '';
  });
  const script = pageScript(keys, entry, preloads);
  const text = bare
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(locale)}">`)
    .replace(
      /<title>([^<]*)<\/title>/,
      (_all, brand: string) => `<title>${escapeHtml(screen.title)} · ${brand}</title>`,
    )
    .replace(STYLESHEET, (_all, file: string) => {
      const css = readFileSync(join(webDist, file), 'utf8');
      return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
    })
    .replace(
      /<div id="root">\s*<!--splash-->[\s\S]*<!--\/splash-->\s*<\/div>/,
      () =>
        `<template id="splash">${splash}</template>` +
        `<div id="root" data-prerendered="${escapeHtml(path)}">${screen.html}</div>` +
        `<script>${script}</script>`,
    );
  return page(text, scriptHash(script));
}

/** The pages the server sends for an address: one per language, or one for all. */
export interface RoutePages {
  /** The cookie the app writes with the saved language (`{product}_locale`). */
  localeCookie: string | null;
  defaultLocale: string;
  /** By address, and by `language:address` where the build rendered the screen. */
  pages: Map<string, Page>;
  /** Addresses with a page per language. */
  prerendered: Set<string>;
}

/**
 * The web app's pages for the addresses whose first screen the build lists in
 * route-preloads.json (apps/web/vite.config.ts): index.html with a modulepreload link for each
 * file that screen needs, so a phone fetches them with the first files rather than a round trip
 * later; and where the build rendered that screen (prerendered.json, decision 0064), the screen
 * itself in #root, one page per language. Read once; a deploy restarts the server.
 */
export function routePages(webDist: string): RoutePages {
  const result: RoutePages = {
    localeCookie: null,
    defaultLocale: 'fo',
    pages: new Map(),
    prerendered: new Set(),
  };
  const listed = join(webDist, 'route-preloads.json');
  if (!existsSync(listed)) return result;
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(listed, 'utf8')) as Record<string, string[]>;
  const rendered = join(webDist, 'prerendered.json');
  const prerendered = existsSync(rendered)
    ? (JSON.parse(readFileSync(rendered, 'utf8')) as Prerendered)
    : null;
  if (prerendered) {
    result.localeCookie = prerendered.localeKey;
    result.defaultLocale = prerendered.defaultLocale;
  }
  const paths = new Set([
    ...Object.keys(preloads),
    ...Object.values(prerendered?.pages ?? {}).flatMap((byPath) => Object.keys(byPath)),
  ]);
  for (const path of paths) {
    const links = (preloads[path] ?? [])
      .filter((file) => /^assets\/[\w.~-]+\.js$/.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const text = links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
    result.pages.set(path, page(text));
    for (const [locale, byPath] of Object.entries(prerendered?.pages ?? {})) {
      const screen = byPath[path];
      if (!screen || !prerendered) continue;
      result.pages.set(
        `${locale}:${path}`,
        withScreen(webDist, text, path, locale, screen, prerendered),
      );
      result.prerendered.add(path);
    }
  }
  return result;
}

/** The saved language from the app's cookie, else the first language (spec §1: Faroese). */
function pageLanguage(pages: RoutePages, cookieHeader: string | undefined): string {
  if (!pages.localeCookie || !cookieHeader) return pages.defaultLocale;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === pages.localeCookie && value) return value;
  }
  return pages.defaultLocale;
}

/** The page for an address and the request's language, or null for plain index.html. */
export function pageFor(
  pages: RoutePages,
  path: string,
  cookieHeader: string | undefined,
): Page | null {
  if (pages.prerendered.has(path)) {
    const language = pageLanguage(pages, cookieHeader);
    return (
      pages.pages.get(`${language}:${path}`) ??
      pages.pages.get(`${pages.defaultLocale}:${path}`) ??
      null
    );
  }
  return pages.pages.get(path) ?? null;
}

/** Sends a page compressed as the client takes it, with its inline script allowed. */
function sendPage(request: FastifyRequest, reply: FastifyReply, sent: Page, varies: boolean) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && sent.scriptSource)
    reply.header(
      'content-security-policy',
      csp.replace("script-src 'self'", `script-src 'self' ${sent.scriptSource}`),
    );
  reply.header('vary', varies ? 'accept-encoding, cookie' : 'accept-encoding');
  reply.type('text/html; charset=utf-8');
  const accepts = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(sent.br());
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(sent.gzip());
  return reply.send(sent.html);
}

/**
 * The customer app at / and the staff console at /console, when they are built, each with its
 * deep links answered by its own index.html. /api keeps its JSON 404s.
 */
export async function registerStaticApps(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = config.WEB_DIST ?? defaultWebDist;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, staticOptions(webDist));
  const pages = hasWeb ? routePages(webDist) : null;
  // The staff console is a build of its own under /console, so the customer app carries none of it.
  const consoleDist = config.CONSOLE_DIST ?? defaultConsoleDist;
  const hasConsole = existsSync(join(consoleDist, 'index.html'));
  if (hasConsole)
    await app.register(fastifyStatic, {
      ...staticOptions(consoleDist),
      prefix: CONSOLE_PATH,
      decorateReply: !hasWeb,
    });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPage =
      !isApi &&
      !isMissingAsset(request.url) &&
      (request.method === 'GET' || request.method === 'HEAD');
    // Deep links are the single-page apps' to resolve, including their own 404 screens.
    const isConsole = request.url === '/console' || request.url.startsWith(CONSOLE_PATH);
    if (isPage && isConsole && hasConsole)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', consoleDist);
    if (isPage && !isConsole && hasWeb) {
      reply.header('cache-control', 'no-cache');
      const path = request.url.split('?')[0] ?? '';
      const sent = pages ? pageFor(pages, path, request.headers.cookie) : null;
      return sent
        ? sendPage(request, reply, sent, pages?.prerendered.has(path) ?? false)
        : reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: translate('error.notFound', request.locale),
    });
  });
}
