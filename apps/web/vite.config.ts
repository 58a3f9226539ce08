import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Writes `.br` and `.gz` beside each text asset, so a static server with pre-compressed files
 * enabled (@fastify/static `preCompressed: true`) sends them without compressing per request.
 * It reads the files as written, after every other plugin has finished with them.
 */
function precompress(): Plugin {
  return {
    name: 'stod:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|webmanifest|html)$/.test(fileName)) continue;
        const path = join(dir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

/**
 * Preloads the one font file (src/fonts.css) from index.html, so it comes with the first
 * requests instead of after the stylesheet has been read and the first text laid out.
 */
function preloadFont(): Plugin {
  return {
    name: 'stod:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((name) =>
          /assets\/inter-[\w-]+\.woff2$/.test(name),
        );
        if (!font) throw new Error('the Inter font is missing from the build');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The screens the server names in the page it sends for their address, so the browser fetches
 * them with the first files instead of after the app has started and matched the route. Screens
 * past the guest ones sit in the query layout, with the app's texts; the station flows' screens
 * come through src/app/station-flows.ts. Texts are the Faroese ones, the first language.
 */
const QUERY_LAYOUT = ['src/app/QueryLayout.tsx', 'src/i18n/app.fo.json'];
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['src/features/auth/screens/LoginScreen.tsx'],
  '/login': ['src/features/auth/screens/LoginScreen.tsx'],
  '/food-order': [
    ...QUERY_LAYOUT,
    'src/app/station-flows.ts',
    'src/features/food/screens/FoodStartScreen.tsx',
    'src/features/food/i18n/fo.json',
  ],
  '/home': [...QUERY_LAYOUT, 'src/features/home/screens/HomeScreen.tsx'],
};

/**
 * Writes route-preloads.json: for each address above, the files its screen needs beyond what
 * index.html loads already. The API adds them to that page as modulepreload links (static.ts).
 */
function routePreloads(): Plugin {
  return {
    name: 'stod:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byModule = (id: string) => {
        const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)));
        if (!chunk) throw new Error(`route-preloads: ${id} is not in the build`);
        return chunk;
      };
      const closure = (start: (typeof chunks)[number], into: Set<string>) => {
        if (into.has(start.fileName)) return;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = chunks.find((c) => c.fileName === file);
          if (next) closure(next, into);
        }
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry, initial);
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(FIRST_SCREENS)) {
        const files = new Set<string>();
        for (const id of modules) closure(byModule(id), files);
        preloads[path] = [...files].filter((file) => !initial.has(file)).sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/**
 * The service worker (src/sw/sw.ts), built after the app with the list of files to precache: the
 * app shell that starts offline. The app registers it itself after the first paint
 * (app/shell/useUpdateCheck.ts), in production builds on the web only; `vite` (dev) has none.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  // public/manifest.webmanifest, linked from index.html.
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    // A classic worker: module workers are not in every browser the app runs in.
    rollupFormat: 'iife',
    // index.html, every JS and CSS file, the woff2 fonts (every target browser reads woff2), the
    // icons and the manifest. Left out, and cached on first use instead: the QR decoder's
    // WebAssembly (1 MB, only for scanning without BarcodeDetector), the older woff fonts and
    // the menu's pictures.
    globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
    globIgnores: ['food/**', '**/*.map'],
    // Their names carry their content's hash already.
    dontCacheBustURLsMatching: /^assets\//,
  },
});

const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

/**
 * The prerender's build (`vite build --ssr`): src/app/prerender.tsx for Node, into dist-ssr/,
 * which scripts/prerender.mjs runs to write the first screens' HTML into dist/ (decision 0064).
 */
const prerenderBuild = defineConfig({
  plugins: [react(), tailwindcss()],
  define,
  build: {
    target: 'node22',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

const appBuild = defineConfig({
  plugins: [react(), tailwindcss(), preloadFont(), routePreloads(), precompress(), serviceWorker],
  define,
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    // e2e/budget.spec.ts reads the manifest to check the /login first-paint budget.
    manifest: true,
    // Every browser and web view the app targets supports modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The domain is pure (no I/O, no globals). Saying so lets the shell take its messages
        // and constants without pulling every zod schema into the first paint. (No call is
        // named pure by name: a minified library's own `z()` would be dropped with it, as the QR
        // decoder's WebAssembly glue was.)
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // On a phone network every extra round of requests costs ~150 ms, and a browser opens
          // few connections at a time: the first paint comes in a handful of files, not dozens.
          groups: [
            {
              // Everything the first paint needs from node_modules, in one well-compressed file.
              name: 'framework',
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store|lucide-react[\\/]dist[\\/]esm[\\/](shared|Icon|createLucideIcon|defaultAttributes|context))[\\/.]/,
            },
            {
              // The app's own code that every start runs: what main.tsx imports. main.tsx stays
              // the entry chunk, which index.html and the build manifest name.
              name: 'shell',
              priority: 2,
              tags: ['$initial'],
              test: (id) =>
                /apps[\\/]web[\\/]src[\\/]|packages[\\/](ui|web-client|domain)[\\/]src[\\/]/.test(
                  id,
                ) && !/[\\/]src[\\/]app[\\/]main\.tsx$/.test(id),
            },
            {
              // The design system's parts and icons that screens share: one file rather than a
              // request each.
              name: 'ui',
              priority: 1,
              minShareCount: 4,
              test: /packages[\\/]ui[\\/]src[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
            },
            {
              name: 'query',
              priority: 1,
              test: /node_modules[\\/]@tanstack[\\/]/,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? prerenderBuild : appBuild));
