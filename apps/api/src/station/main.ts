import { carwashSim } from '../integrations/carwash/sim.ts';
import type { CarwashEvent } from '../integrations/carwash/port.ts';
import type { ForecourtEvent } from '../integrations/forecourt/port.ts';
import { forecourtSim } from '../integrations/forecourt/sim.ts';
import { seedStations } from '../integrations/provider-stations/network.ts';
import { sitePassword } from '../integrations/site/endpoint.ts';
import { siteClient, type SiteClient, type SiteClientOptions } from './site-client.ts';

/**
 * The station process: every demo station's forecourt controller (its pumps) and car-wash
 * controller (its bays), as they stand at the stations, outside the platform. Each site dials
 * the platform's `/site/{siteId}` over the site protocol (docs/site-protocol.md) with the password
 * derived from SITE_SECRET, and keeps dialling while the platform is away.
 */

/** The secret `npm start` shares with the API in development; never one for production. */
export const DEVELOPMENT_SITE_SECRET = 'stod-development-site-secret';

export interface StationProcessOptions {
  /** The platform's site endpoint without the site id, e.g. ws://127.0.0.1:3000/site. */
  url: string;
  secret: string;
  speed: number;
  autoCustomer: boolean;
  /** Only these sites (pump-system ids); every demo station when left out. */
  sites?: string[];
  log?: SiteClientOptions['log'];
}

export interface StationProcess {
  clients: Map<string, SiteClient>;
  forecourt: ReturnType<typeof forecourtSim>;
  carwash: ReturnType<typeof carwashSim>;
  /** Resolves once every site has booted with the platform. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
} as unknown as SiteClientOptions['log'];

export function startStations(options: StationProcessOptions): StationProcess {
  const log = options.log ?? quiet;
  const stations = seedStations.filter(
    (s) => !options.sites || options.sites.includes(s.tokheimStationId),
  );
  const layout = new Map(
    stations.map((s) => [
      s.tokheimStationId,
      {
        pumps: Array.from({ length: s.pumps }, (_, i) => i + 1),
        bays: Array.from({ length: s.bays }, (_, i) => i + 1),
      },
    ]),
  );
  const forecourt = forecourtSim({
    speed: options.speed,
    autoCustomer: options.autoCustomer,
    pumpsOf: (site) => Promise.resolve(layout.get(site)?.pumps ?? null),
    log,
  });
  const carwash = carwashSim({
    speed: options.speed,
    baysOf: (site) => Promise.resolve(layout.get(site)?.bays ?? null),
    log,
  });
  const clients = new Map<string, SiteClient>();
  for (const [site, { pumps, bays }] of layout)
    clients.set(
      site,
      siteClient({
        url: options.url,
        site,
        password: sitePassword(options.secret, site),
        pumps,
        bays,
        forecourt,
        carwash,
        speed: options.speed,
        log,
      }),
    );
  const route = (event: ForecourtEvent | CarwashEvent) => clients.get(event.site)?.report(event);
  const stops = [forecourt.subscribe(route), carwash.subscribe(route)];
  return {
    clients,
    forecourt,
    carwash,
    ready: () => Promise.all([...clients.values()].map((c) => c.ready())).then(() => undefined),
    async close() {
      for (const stop of stops) stop();
      await Promise.all([...clients.values()].map((c) => c.close()));
      await Promise.all([forecourt.close(), carwash.close()]);
    },
  };
}
