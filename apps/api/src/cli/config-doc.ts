import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { fileURLToPath } from 'node:url';
import type { ZodType } from 'zod';
import { envGroups, envSchema } from '../config.ts';

/**
 * `docs/configuration.md`, made from `config.ts`: every variable with its default and its
 * meaning (the schema's `.describe()`). `npm run docs:config` writes it; `config-doc.test.ts`
 * fails when the page and the schema differ.
 */

/** Defaults that are no one literal value: worked out at start, or different in production. */
const SHOWN_DEFAULTS: Partial<Record<keyof typeof envSchema.shape, string>> = {
  PUBLIC_URL: '`http://localhost:$PORT`',
  WEB_DIST: '`apps/web/dist`',
  CONSOLE_DIST: '`apps/console/dist`',
  UPDATE_LOCKED: '`false`',
  MAINTENANCE: '`false`',
  TRUST_PROXY: '– (trust no proxy)',
  SIMULATORS: '`all`; in production none',
  PDF_WORKERS: 'cores − 1, 1–2',
  KITCHEN_SIM: '`true` (`false` in production)',
  API_DOCS: '`true` (`false` in production)',
  GATEWAY_WEBHOOK_SECRET: 'a development value',
  IDENTITY_CLIENT_SECRET: 'a development value',
  TERMS_URL: 'the built-in page',
  PURCHASE_TERMS_URL: 'the built-in page',
  PRIVACY_URL: 'the built-in page',
  SIM_CHARGERS: '`true` (`false` in production)',
  VAPID_PUBLIC_KEY: 'made once and kept in the database; none in production',
  VAPID_PRIVATE_KEY: 'made once and kept in the database; none in production',
  VAPID_SUBJECT: '`mailto:` + `BRAND_EMAIL`',
  APNS_PRODUCTION: '`false`',
};

function defaultOf(schema: ZodType): string {
  const def = schema._zod.def as { type: string; defaultValue?: unknown };
  if (def.type !== 'default') return '–';
  const value = def.defaultValue;
  return `\`${String(value)}\``;
}

/** What config.ts does not read: the web app's build, the tests and the benches, fixed limits. */
const BEYOND_THE_API = `## The web app, the tests and fixed limits

The web app is configured at build time:

| variable                    | default       | meaning                                                                                      |
| --------------------------- | ------------- | -------------------------------------------------------------------------------------------- |
| \`VITE_PRODUCT_SLUG\`         | \`stod\`        | must match \`PRODUCT_SLUG\`                                                                    |
| \`VITE_OWN_CARD_SLUG\`        | \`stodkort\`    | the \`{own-card}\` route segment                                                               |
| \`VITE_API_URL\`              | \`/api\`        | API base, for native shells that do not load from the API's origin                           |
| \`VITE_WEB_FOOD_ONLY\`        | \`false\`       | \`true\` restores the spec's literal web rule: every non-food route redirects to \`/food-order\` |
| \`VITE_MAP_TILE_URL\`         | see below     | map tiles (\`{z}/{x}/{y}\`); empty shows the map with markers only                             |
| \`VITE_MAP_TILE_ATTRIBUTION\` | OpenStreetMap | the tile provider's attribution                                                              |

OpenStreetMap's public tile server is \`VITE_MAP_TILE_URL\`'s default only under \`vite\` (development):
its tile usage policy does not allow an app's production traffic. A production build (\`npm start\`,
the native shells) without it shows the station and charging maps with their markers on a plain
background; set it to the operator's own tile service, or one they pay for, with its attribution
([decision 0060](decisions/0060-map-tiles-are-the-operators-to-configure.md)).

Tests also read \`TEST_DATABASE_URL\` (run the API suite on PostgreSQL, one fresh database per test
file), \`TEST_REDIS_URL\` (counters in Redis), \`CHROME_PATH\`, \`E2E_PORT\` (default 3100) and
\`FUZZ_RUNS\` (\`npm run fuzz\`); the benches read the \`BENCH_*\` settings listed under
[performance](performance.md) and [developing](development.md). \`STOD_SKIP_PREPARE=1\` makes
\`npm install\` install only, without building the apps and making the first-start caches.
\`STOD_CRASH_AT\` names a point where the process kills itself, for
the crash test; it does nothing in production.

Fixed limits, not configurable: forgotten-password requests 5 per address and 20 per IP per
hour; e-mail-change codes 5 requests per account and per address per hour and 5 tries per
account per day; adding a provider card and redeeming a voucher 10 tries per user and 30 per
address per hour; password change and deletion share the sign-in limits.`;

/** A table cell: the pipe would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|');

export function configurationPage(): string {
  const sections = envGroups.flatMap(({ title, schema }) => [
    `## ${title}`,
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...Object.entries(schema.shape).map(([name, field]) => {
      const shown =
        SHOWN_DEFAULTS[name as keyof typeof SHOWN_DEFAULTS] ?? defaultOf(field as ZodType);
      return `| \`${name}\` | ${cell(shown)} | ${cell((field as ZodType).description ?? '')} |`;
    }),
    '',
  ]);
  return [
    '# Configuration',
    '',
    '<!-- Made by `npm run docs:config` from apps/api/src/config/; edit the schema, not this page. -->',
    '',
    'The API reads every variable once, in `apps/api/src/config.ts` (the variables are declared by',
    'group in `apps/api/src/config/`); a bad value stops the start with a message naming it.',
    '',
    ...sections,
    BEYOND_THE_API,
    '',
  ].join('\n');
}

export const CONFIGURATION_PAGE = fileURLToPath(
  new URL('../../../../docs/configuration.md', import.meta.url),
);

/** The page as the repository keeps it: formatted as `npm run format` would. */
export async function formattedPage() {
  const options = (await resolveConfig(CONFIGURATION_PAGE)) ?? {};
  return format(configurationPage(), { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_PAGE, await formattedPage());
  console.log(`wrote ${CONFIGURATION_PAGE}`);
}
