import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { ServiceContext } from './context.ts';
import type { Jobs } from './jobs.ts';
import type { Projections, StaffRealtime } from './realtime.ts';

/**
 * What a module says of itself, in its index.ts: its routes, its jobs, what every process runs
 * beside the requests (its watchers of devices and of the bus), and what the realtime channel
 * sends of its objects. The composition roots (services.ts, app.ts) loop over the list of
 * definitions; following a device's message to the customer's screen stays inside the module.
 */
export interface ModuleDefinition {
  name: string;
  /** The HTTP routes, mounted under /api. */
  routes?: readonly FastifyPluginAsyncZod[];
  /** Routes of the demo and the simulators, never mounted in production. */
  devRoutes?: readonly FastifyPluginAsyncZod[];
  /** Defines the module's jobs; a timer whose interval is 0 in the configuration is left out. */
  jobs?: (jobs: Jobs<ServiceContext>, config: Config) => void;
  /** What every process listens to; each answers the function that stops it. */
  watchers?: readonly ((ctx: ServiceContext) => () => void)[];
  /** Work a serving process does once when it starts, beside its timers. */
  atStart?: (ctx: ServiceContext) => Promise<unknown>;
  /** What the customer's realtime channel sends for each of the module's bus events. */
  projections?: Projections;
  /** What staff screens hear of the module's bus events. */
  staffNotices?: StaffRealtime['notices'];
  /** A socket endpoint of its own on the API's server (the chargers' OCPP endpoint). */
  sockets?: (ctx: ServiceContext, log: FastifyBaseLogger) => SocketEndpoint;
}

export interface SocketEndpoint {
  /** Takes an upgrade request that is its own; answers false to leave it to the others. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

/** A timer that runs every `seconds`, or not at all when the configuration sets it to 0. */
export function everyIfSet(
  jobs: Jobs<ServiceContext>,
  name: string,
  seconds: number,
  run: (ctx: ServiceContext) => Promise<unknown>,
) {
  if (seconds > 0) jobs.every(name, seconds, (ctx) => run(ctx).then(() => undefined));
}
