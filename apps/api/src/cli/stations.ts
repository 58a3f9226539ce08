import {
  DEVELOPMENT_SITE_SECRET,
  startStations,
  type StationProcessOptions,
} from '../station/main.ts';

/**
 * The station process (`npm run stations`; `npm start` runs it beside the API): every demo
 * station's pumps and wash bays, connected to the platform over the site protocol.
 *
 *   STATION_API_URL  the platform's site endpoint (default ws://127.0.0.1:$PORT/site)
 *   SITE_SECRET      the installation's site secret (the development one by default)
 *   SIM_SPEED, SIM_AUTO_CUSTOMER  as the API reads them
 */
const env = process.env;
const url = env.STATION_API_URL ?? `ws://127.0.0.1:${env.PORT ?? '3000'}/site`;
const speed = Number(env.SIM_SPEED ?? '1');
const stations = startStations({
  url,
  secret: env.SITE_SECRET ?? DEVELOPMENT_SITE_SECRET,
  speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
  autoCustomer: (env.SIM_AUTO_CUSTOMER ?? 'true') === 'true',
  log: {
    info: () => undefined,
    debug: () => undefined,
    warn: (obj: object, msg: string) => {
      if (env.LOG_LEVEL !== 'silent') console.warn(`stations: ${msg}`, obj);
    },
  } as unknown as StationProcessOptions['log'],
});

const stop = async () => {
  await stations.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

void stations.ready().then(() => {
  if (env.LOG_LEVEL !== 'silent' && env.LOG_LEVEL !== 'warn')
    console.log(`  Stations:  ${String(stations.clients.size)} sites connected to ${url}`);
});
