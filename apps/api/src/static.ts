import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { translate } from '@stod/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * The web app's page for the addresses whose first screen the build lists in route-preloads.json
 * (apps/web/vite.config.ts): index.html with a modulepreload link for each file that screen
 * needs, so a phone fetches them with the first files rather than a round trip later. Read once;
 * a deploy restarts the server.
 */
function routePages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const listed = join(webDist, 'route-preloads.json');
  if (!existsSync(listed)) return pages;
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(listed, 'utf8')) as Record<string, string[]>;
  for (const [path, files] of Object.entries(preloads)) {
    const links = files
      .filter((file) => /^assets\/[\w.~-]+\.js$/.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    pages.set(path, html.replace('</head>', `  ${links}\n  </head>`));
  }
  return pages;
}

/**
 * The customer app at / and the staff console at /console, when they are built, each with its
 * deep links answered by its own index.html. /api keeps its JSON 404s.
 */
export async function registerStaticApps(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = config.WEB_DIST ?? defaultWebDist;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, staticOptions(webDist));
  const pages = hasWeb ? routePages(webDist) : new Map<string, string>();
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
      const page = pages.get(request.url.split('?')[0] ?? '');
      return page
        ? reply.type('text/html; charset=utf-8').send(page)
        : reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: translate('error.notFound', request.locale),
    });
  });
}
