import {
  DEVELOPMENT_SITE_SECRET,
  startStations,
  type StationProcessOptions,
} from '../station/main.ts';
import { startStationPage } from '../station/page.ts';

/**
 * The station process (`npm run stations`; `npm start` runs it beside the API): every demo
 * station's pumps, wash bays, coffee machines and kitchen, connected to the platform over the site protocol.
 *
 *   STATION_API_URL  the platform's site endpoint (default ws://127.0.0.1:$PORT/site)
 *   STATION_OCPP_URL the platform's OCPP endpoint for the demo chargers (default: beside it)
 *   STATION_CHARGERS `false` leaves the demo chargers out
 *   STATION_PAGE_PORT where the simulator page is served (default PORT + 1; 0 for none)
 *   SITE_SECRET      the installation's site secret (the development one by default)
 *   SIM_SPEED, SIM_AUTO_CUSTOMER, KITCHEN_SIM_ACCEPT_SECONDS  as the API reads them
 */
const env = process.env;
const url = env.STATION_API_URL ?? `ws://127.0.0.1:${env.PORT ?? '3000'}/site`;
const ocpp = env.STATION_OCPP_URL ?? url.replace(/\/site$/, '/ocpp');
const positive = (raw: string | undefined, fallback: number) => {
  const value = Number(raw ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

// Started beside the API, the station waits until the platform answers, as a site would keep
// dialling; a platform that stays away is reported once, after ten seconds.
const health = `${url.replace(/^ws/, 'http').replace(/\/site$/, '')}/api/health`;
const since = Date.now();
let told = false;
for (;;) {
  try {
    if ((await fetch(health)).ok) break;
  } catch {
    // not listening yet
  }
  if (!told && Date.now() - since > 10_000) {
    told = true;
    console.warn(`stations: waiting for the platform at ${health}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const stations = startStations({
  url,
  secret: env.SITE_SECRET ?? DEVELOPMENT_SITE_SECRET,
  speed: positive(env.SIM_SPEED, 1),
  autoCustomer: (env.SIM_AUTO_CUSTOMER ?? 'true') === 'true',
  kitchenAcceptSeconds: positive(env.KITCHEN_SIM_ACCEPT_SECONDS, 20),
  chargers:
    env.STATION_CHARGERS === 'false'
      ? null
      : { url: ocpp, autoPlug: (env.SIM_AUTO_CUSTOMER ?? 'true') === 'true' },
  log: {
    info: () => undefined,
    debug: () => undefined,
    warn: (obj: Record<string, unknown>, msg: string) => {
      if (env.LOG_LEVEL === 'silent') return;
      // One line: what it is about and the error's own message, not the error's whole inside.
      const { err, ...about } = obj;
      const reason = err instanceof Error ? ` (${err.message})` : '';
      console.warn(`stations: ${msg}${reason}`, about);
    },
  } as unknown as StationProcessOptions['log'],
});

// The simulator page, served here beside the devices it plays (STATION_PAGE_PORT, 0 for none).
const platform = url.replace(/^ws/, 'http').replace(/\/site$/, '');
const pagePort = Number(env.STATION_PAGE_PORT ?? String(Number(env.PORT ?? '3000') + 1));
const page =
  Number.isInteger(pagePort) && pagePort > 0
    ? await startStationPage({
        platform,
        productSlug: env.PRODUCT_SLUG ?? 'stod',
        port: pagePort,
        host: env.HOST ?? '127.0.0.1',
      }).catch((error: unknown) => {
        console.warn(`stations: the simulator page could not listen on ${String(pagePort)}`, error);
        return null;
      })
    : null;

const stop = async () => {
  await page?.close();
  await stations.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

void stations.ready().then(() => {
  if (env.LOG_LEVEL !== 'silent' && env.LOG_LEVEL !== 'warn')
    console.log(
      [
        `  Stations:  ${String(stations.clients.size)} sites connected to ${url}${stations.fleet ? `, ${String(stations.fleet.state().length)} chargers to ${ocpp}` : ''}`,
        ...(page ? [`  Simulator: http://localhost:${String(pagePort)}/api/dev/sim/`] : []),
        '',
      ].join('\n'),
    );
});
