import type { FastifyBaseLogger } from 'fastify';
import type { Config, SimulatorName } from '../config.ts';
import type { Db } from '../db/client.ts';
import { oidcProvider, type Fetch } from '../integrations/identity/oidc.ts';
import { carwashSim, type CarwashSim } from '../integrations/carwash/sim.ts';
import type { CarwashController } from '../integrations/carwash/port.ts';
import type { ForecourtController } from '../integrations/forecourt/port.ts';
import { forecourtSim, type ForecourtSim } from '../integrations/forecourt/sim.ts';
import { stationPointsOf } from '../integrations/forecourt/sim-points.ts';
import type { IdentityProvider } from '../integrations/identity/port.ts';
import { SIM_IDENTITY_PATH } from '../integrations/identity/sim.ts';
import { outboxMailer } from '../integrations/mail/outbox.ts';
import type { Mailer } from '../integrations/mail/port.ts';
import { smtpMailer } from '../integrations/mail/smtp.ts';
import type { PaymentGateway } from '../integrations/payments/port.ts';
import { gatewaySim } from '../integrations/payments/sim.ts';
import type { ProviderCardsPort } from '../integrations/provider-cards/port.ts';
import { providerCardsSim, type ProviderCardsSim } from '../integrations/provider-cards/sim.ts';
import type { ProviderStationsPort } from '../integrations/provider-stations/port.ts';
import { providerStationsSim } from '../integrations/provider-stations/sim.ts';
import type { BeverageMachinesPort } from '../integrations/beverage-machine/port.ts';
import type { BeverageMachinesWithControls } from '../integrations/beverage-machine/port.ts';
import { beverageMachineSim, machineControls } from '../integrations/beverage-machine/sim.ts';
import { machineSites } from '../integrations/site/machines-repo.ts';
import type { MenuPort } from '../integrations/menu/port.ts';
import { menuSim } from '../integrations/menu/sim.ts';
import { kitchensOf } from '../integrations/menu/sim-kitchens.ts';
import { memoryCounter } from '../integrations/ratelimit/memory.ts';
import type { Counter } from '../integrations/ratelimit/port.ts';
import { redisCounter } from '../integrations/ratelimit/redis.ts';
import { pushPort, type PushPort } from '../integrations/push/index.ts';
import type { SiteEventSink } from '../integrations/site/endpoint.ts';
import {
  siteBeverageMachines,
  siteCarwash,
  siteForecourt,
  siteKitchens,
  sinkOf,
} from '../integrations/site/ports.ts';
import { KitchenError, type KitchenSystems } from '../integrations/kitchen/port.ts';
import { kitchensInProcess } from '../integrations/kitchen/sim.ts';
import type { DeviceCalls } from '../integrations/device-calls/port.ts';
import { keptAuthority } from '../integrations/pki/authority-repo.ts';
import { localCa } from '../integrations/pki/local-ca.ts';
import type { CertificateAuthority, ContractPki } from '../integrations/pki/port.ts';
import { contractPkiSim, noContractPki } from '../integrations/pki/contracts-sim.ts';
import { newAuthority, pemOf, type Authority } from '../lib/certificates.ts';

/** The outside world, one port each: a device or provider is reached through nothing else. */
export interface Ports {
  mailer: Mailer;
  push: PushPort & { close?(): void };
  counter: Counter;
  gateway: PaymentGateway;
  identity: IdentityProvider;
  providerStations: ProviderStationsPort;
  providerCards: ProviderCardsPort;
  forecourt: ForecourtController;
  carwash: CarwashController;
  menu: MenuPort;
  beverageMachines: BeverageMachinesPort;
  kitchens: KitchenSystems;
  certificates: CertificateAuthority;
  contracts: ContractPki;
}

/** Ports given from outside (tests) win over configuration. */
export type PortOverrides = Partial<Ports>;

/** The simulators that serve pages or routes of their own, which the HTTP app mounts. */
export interface RunningSimulators {
  gateway: ReturnType<typeof gatewaySim> | null;
  /** The built-in OIDC provider, served by the API itself under SIM_IDENTITY_PATH. */
  identity: boolean;
  providerCards: ProviderCardsSim | null;
  /** The pumps and bays, with the controls of the development routes and the simulator page. */
  forecourt: ForecourtSim | null;
  carwash: CarwashSim | null;
  menu: ReturnType<typeof menuSim> | null;
  /** The coffee machines with the simulator page's controls, in-process or through their sites. */
  beverageMachines: BeverageMachinesWithControls | null;
}

export interface AdapterOptions {
  /** Calls to devices through the process that holds each one's connection (platform/devices). */
  calls: DeviceCalls;
  db: Db;
  log: FastifyBaseLogger;
  /**
   * How the identity client reaches the built-in provider. The HTTP app passes a fetch that goes
   * through its own routes in-process; a process without HTTP (a CLI) reaches it at PUBLIC_URL.
   */
  identityFetch?: Fetch;
}

/** No station has a kitchen system of its own: orders wait for the kitchen display. */
const noKitchens: KitchenSystems = {
  send: () => Promise.reject(new KitchenError('no_kitchen')),
  handle: () => () => undefined,
  close: () => Promise.resolve(),
};

const missing = (what: string) =>
  new Error(`No ${what} adapter: name its simulator in SIMULATORS or configure the real one`);

/**
 * Chooses each port's adapter from the configuration: the real one where it is configured,
 * else its simulator where SIMULATORS names it (every simulator by default, none in production),
 * else the process refuses to start. The one place where adapters are picked.
 */
/**
 * The authority that signs chargers' certificates: the configured one, or outside production one
 * made once and kept in the database; in production without one, none.
 */
function chargersAuthority(config: Config, db: Db): () => Promise<Authority | null> {
  const { OCPP_CA_CERT: cert, OCPP_CA_KEY: key } = config;
  if (cert && key) {
    const given = { certificatePem: pemOf(cert), privateKeyPem: pemOf(key) };
    return () => Promise.resolve(given);
  }
  if (config.isProduction) return () => Promise.resolve(null);
  return keptOnce(db, 'chargers');
}

/** A development authority kept in the database, read once per process. */
function keptOnce(db: Db, name: 'chargers' | 'contracts'): () => Promise<Authority> {
  let kept: Promise<Authority> | null = null;
  return () => {
    kept ??= keptAuthority(db, name, () =>
      newAuthority({ commonName: `Støð ${name} CA (development)`, organization: 'Støð' }),
    ).catch((error: unknown) => {
      // A failed read is not kept: the next request tries again.
      kept = null;
      throw error;
    });
    return kept;
  };
}

export function assembleAdapters(
  config: Config,
  overrides: PortOverrides,
  options: AdapterOptions,
): { ports: Ports; simulators: RunningSimulators; sites: SiteEventSink | null } {
  const { db } = options;
  const simulates = (name: SimulatorName) => config.simulators.includes(name);

  const counter =
    overrides.counter ??
    (config.REDIS_URL
      ? redisCounter(config.REDIS_URL, `${config.REDIS_KEY_PREFIX}rl:`)
      : memoryCounter());
  const mailer =
    overrides.mailer ??
    (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db));
  const push = overrides.push ?? pushPort(config, db, options.log);
  const certificates = overrides.certificates ?? localCa(chargersAuthority(config, db));
  // Plug & Charge: no real pool is wired in yet; outside production the simulated one.
  const contracts =
    overrides.contracts ??
    (config.isProduction ? noContractPki : contractPkiSim(db, keptOnce(db, 'contracts')));

  const gatewaySimulator =
    overrides.gateway || !simulates('gateway')
      ? null
      : gatewaySim({
          db,
          pageBaseUrl: `${config.publicUrl}/api/sim/gateway`,
          latencyMs: config.GATEWAY_LATENCY_MS,
          failureRate: config.GATEWAY_FAILURE_RATE,
        });
  const gateway = overrides.gateway ?? gatewaySimulator;
  if (!gateway) throw missing('card gateway');

  // Without a real issuer, the API serves its own small OIDC provider.
  const identitySimulator =
    !overrides.identity && !config.IDENTITY_ISSUER_URL && simulates('identity');
  if (!overrides.identity && !config.IDENTITY_ISSUER_URL && !identitySimulator)
    throw missing('identity');
  const identity =
    overrides.identity ??
    oidcProvider({
      issuer: config.IDENTITY_ISSUER_URL ?? `${config.publicUrl}${SIM_IDENTITY_PATH}`,
      clientId: config.IDENTITY_CLIENT_ID,
      clientSecret: config.IDENTITY_CLIENT_SECRET,
      ...(identitySimulator && options.identityFetch ? { fetch: options.identityFetch } : {}),
      allowInsecure: identitySimulator,
    });

  const providerStations =
    overrides.providerStations ??
    (simulates('provider-stations')
      ? providerStationsSim({
          latencyMs: config.PROVIDER_STATIONS_LATENCY_MS,
          failureRate: config.PROVIDER_STATIONS_FAILURE_RATE,
        })
      : null);
  if (!providerStations) throw missing('provider stations');

  const cardsSimulator =
    overrides.providerCards || !simulates('provider-cards')
      ? null
      : providerCardsSim({
          db,
          latencyMs: config.PROVIDER_CARDS_LATENCY_MS,
          failureRate: config.PROVIDER_CARDS_FAILURE_RATE,
        });
  const providerCards = overrides.providerCards ?? cardsSimulator;
  if (!providerCards) throw missing('provider card issuer');

  // With SITE_SECRET the pumps and bays are the sites' own, reached over the site protocol; a
  // simulated site (the station process) also takes the simulator page's controls that way.
  const sites =
    config.SITE_SECRET && !overrides.forecourt && !overrides.carwash
      ? {
          forecourt: siteForecourt(options.calls),
          carwash: siteCarwash(options.calls),
          machines: siteBeverageMachines(options.calls, machineSites(db)),
          kitchens: siteKitchens(options.calls),
        }
      : null;
  const siteControls = sites && !config.isProduction ? sites : null;

  const forecourtSimulator = sites
    ? (siteControls?.forecourt ?? null)
    : overrides.forecourt || !simulates('forecourt')
      ? null
      : forecourtSim({
          speed: config.SIM_SPEED,
          autoCustomer: config.SIM_AUTO_CUSTOMER === 'true',
          pumpsOf: stationPointsOf(db, 'pump'),
          log: options.log,
        });
  const forecourt = overrides.forecourt ?? sites?.forecourt ?? forecourtSimulator;
  if (!forecourt) throw missing('forecourt controller');

  const carwashSimulator = sites
    ? (siteControls?.carwash ?? null)
    : overrides.carwash || !simulates('carwash')
      ? null
      : carwashSim({
          speed: config.SIM_SPEED,
          baysOf: stationPointsOf(db, 'bay'),
          log: options.log,
        });
  const carwash = overrides.carwash ?? sites?.carwash ?? carwashSimulator;
  if (!carwash) throw missing('car-wash controller');

  const menuSimulator =
    overrides.menu || !simulates('menu')
      ? null
      : menuSim({
          latencyMs: config.MENU_LATENCY_MS,
          failureRate: config.MENU_FAILURE_RATE,
          kitchens: kitchensOf(db),
        });
  const menu = overrides.menu ?? menuSimulator;
  if (!menu) throw missing('menu (ERP)');

  const machinesSimulator = sites
    ? (siteControls?.machines ?? null)
    : overrides.beverageMachines || !simulates('beverage-machines')
      ? null
      : machineControls(beverageMachineSim({ speed: config.SIM_SPEED, log: options.log }));
  const beverageMachines = overrides.beverageMachines ?? sites?.machines ?? machinesSimulator;
  if (!beverageMachines) throw missing('coffee machine');

  // The kitchens' own systems are the sites'; without sites, the simulated pumps' process
  // simulates them too, and else no station has one.
  const kitchens =
    overrides.kitchens ??
    sites?.kitchens ??
    (forecourtSimulator
      ? kitchensInProcess({
          speed: config.SIM_SPEED,
          acceptSeconds: config.KITCHEN_SIM_ACCEPT_SECONDS,
          log: options.log,
        })
      : noKitchens);

  if (config.isProduction && config.simulators.length > 0)
    options.log.warn(
      { simulators: config.simulators },
      `SIMULATORS: ${config.simulators.join(', ')} run simulated in production; not for real customers`,
    );

  return {
    sites: sites ? sinkOf(sites.forecourt, sites.carwash, sites.machines, sites.kitchens) : null,
    ports: {
      mailer,
      push,
      counter,
      gateway,
      identity,
      providerStations,
      providerCards,
      forecourt,
      carwash,
      menu,
      beverageMachines,
      kitchens,
      certificates,
      contracts,
    },
    simulators: {
      gateway: gatewaySimulator,
      identity: identitySimulator,
      providerCards: cardsSimulator,
      forecourt: forecourtSimulator,
      carwash: carwashSimulator,
      menu: menuSimulator,
      beverageMachines: machinesSimulator,
    },
  };
}
