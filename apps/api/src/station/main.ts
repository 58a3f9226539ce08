import { beverageMachineSim } from '../integrations/beverage-machine/sim.ts';
import { carwashSim } from '../integrations/carwash/sim.ts';
import type { CarwashEvent } from '../integrations/carwash/port.ts';
import type { ForecourtEvent } from '../integrations/forecourt/port.ts';
import { forecourtSim } from '../integrations/forecourt/sim.ts';
import {
  startChargerFleet,
  type ChargerFleet,
  type SimFleetLog,
} from '../integrations/ocpp-sim/index.ts';
import { seedStations } from '../integrations/provider-stations/network.ts';
import { SEEDED_CHARGERS } from '../seed/charging.ts';
import { sitePassword } from '../integrations/site/endpoint.ts';
import { kitchenSim } from '../integrations/kitchen/sim.ts';
import { siteClient, type SiteClient, type SiteClientOptions } from './site-client.ts';

/**
 * The station process: every demo station's forecourt controller (its pumps), car-wash
 * controller (its bays), coffee machines and kitchen system, and the demo installations' chargers, as they stand at the stations,
 * outside the platform. The chargers dial its OCPP endpoint as chargers do. Each site dials
 * the platform's `/site/{siteId}` over the site protocol (docs/site-protocol.md) with the password
 * derived from SITE_SECRET, and keeps dialling while the platform is away.
 */

export { DEVELOPMENT_SITE_SECRET } from '../config/fields.ts';

export interface StationProcessOptions {
  /** The platform's site endpoint without the site id, e.g. ws://127.0.0.1:3000/site. */
  url: string;
  secret: string;
  speed: number;
  autoCustomer: boolean;
  /** Seconds before a station's kitchen accepts an order (KITCHEN_SIM_ACCEPT_SECONDS). */
  kitchenAcceptSeconds?: number;
  /** The demo's chargers, dialling the platform's OCPP endpoint (e.g. ws://127.0.0.1:3000/ocpp). */
  chargers?: { url: string; autoPlug: boolean } | null;
  /** Only these sites (pump-system ids); every demo station when left out. */
  sites?: string[];
  log?: SiteClientOptions['log'];
}

export interface StationProcess {
  clients: Map<string, SiteClient>;
  fleet: ChargerFleet | null;
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
        food: s.services.includes('food'),
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
  const fleet = options.chargers
    ? startChargerFleet({
        url: options.chargers.url,
        chargers: SEEDED_CHARGERS.map((c) => ({
          identity: c.identity,
          protocol: c.protocol,
          connectors: c.connectors,
          maxPowerKw: c.maxPowerKw,
        })),
        speed: options.speed,
        autoPlug: options.chargers.autoPlug,
        log: log as unknown as SimFleetLog,
      })
    : null;
  const machines = beverageMachineSim({ speed: options.speed, log });
  /** The site each coffee machine was last commanded through: its reports go there. */
  const machineSite = new Map<string, string>();
  const clients = new Map<string, SiteClient>();
  const kitchen = kitchenSim({
    speed: options.speed,
    acceptSeconds: options.kitchenAcceptSeconds ?? 20,
    report: (report) =>
      clients.get(report.site)?.kitchen(report) ??
      Promise.resolve({ ok: false, reason: 'no_site' }),
    log,
  });
  for (const [site, { pumps, bays, food }] of layout)
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
        fleet,
        machines: { sim: machines, owns: (id) => machineSite.set(id, site) },
        kitchen: food ? kitchen : null,
        speed: options.speed,
        log,
      }),
    );
  const route = (event: ForecourtEvent | CarwashEvent) => clients.get(event.site)?.report(event);
  const stops = [
    forecourt.subscribe(route),
    carwash.subscribe(route),
    machines.subscribe((event) => {
      const site = machineSite.get(event.machineId);
      if (site) clients.get(site)?.report(event);
    }),
  ];
  return {
    clients,
    fleet,
    forecourt,
    carwash,
    ready: () => Promise.all([...clients.values()].map((c) => c.ready())).then(() => undefined),
    async close() {
      for (const stop of stops) stop();
      await Promise.all([...clients.values()].map((c) => c.close()));
      await fleet?.close();
      kitchen.close();
      await Promise.all([forecourt.close(), carwash.close(), machines.close()]);
    },
  };
}
