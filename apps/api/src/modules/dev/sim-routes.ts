import { chargerSimActionSchema, connectorStatuses, idField, idParam, strict } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CarwashError, type BayState } from '../../integrations/carwash/port.ts';
import { ForecourtError, type PumpState } from '../../integrations/forecourt/port.ts';
import { SimChargerUnknown } from '../../integrations/ocpp-sim/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RunningSimulators } from '../../platform/adapters.ts';
import { errorResponses } from '../../plugins/auth.ts';
import { getStation } from '../stations/index.ts';
import { coffeeMachinesAt, machineStatusSchema, simCoffeeRoutes } from './sim-coffee.ts';
import { simFleet } from './sim-fleet.ts';
import { SIM_DEVICES_PATH, simPage } from '../../lib/sim-page.ts';

/** Where the device simulators' controls and page live. */
export { SIM_DEVICES_PATH };

const pumpStates = [
  'idle',
  'authorised',
  'fuelling',
  'finished',
  'inactive',
  'offline',
] as const satisfies readonly PumpState[];
const bayStates = [
  'free',
  'ready',
  'countdown',
  'washing',
  'finished',
  'stopped',
  'fault',
  'offline',
] as const satisfies readonly BayState[];
const pumpActions = ['lift', 'hangup', 'fault', 'offline', 'online'] as const;
const bayActions = ['fault', 'offline', 'online'] as const;

const pumpStatusSchema = z.object({
  pump: z.number().int(),
  state: z.enum(pumpStates),
  reference: z.string().nullable(),
});
const bayStatusSchema = z.object({
  bay: z.number().int(),
  state: z.enum(bayStates),
  reference: z.string().nullable(),
  remainingSeconds: z.number().int().nullable(),
});
const simChargerSchema = z.object({
  identity: z.string(),
  protocol: z.string(),
  connected: z.boolean(),
  connectors: z.array(
    z.object({
      connectorId: z.number().int(),
      status: z.enum(connectorStatuses),
      plugged: z.boolean(),
      transactionId: z.string().nullable(),
      /** The running transaction's energy, else the last one's. */
      energyWh: z.number(),
      powerW: z.number(),
      soc: z.number().nullable(),
    }),
  ),
});
const simStateSchema = z.object({
  /** Null when no station was asked for: then only the chargers are listed. */
  station: z.object({ id: z.number().int(), name: z.string(), site: z.string() }).nullable(),
  pumps: z.array(
    pumpStatusSchema.extend({
      pumpState: z.enum(pumpStates),
      connected: z.boolean(),
      grade: z.string().nullable(),
      unitPrice: z.number().int().nullable(),
      limit: z.number().int().nullable(),
      volumeMl: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  bays: z.array(
    bayStatusSchema.extend({
      bayState: z.enum(bayStates),
      connected: z.boolean(),
      programme: z.string().nullable(),
      durationSeconds: z.number().nullable(),
    }),
  ),
  /** The station's coffee machines, while their simulator runs. */
  machines: z.array(machineStatusSchema),
  chargers: z.array(simChargerSchema),
});

const pumpBody = strict({
  stationId: idField,
  pumpNumber: idField,
  action: z.enum(pumpActions, { error: 'validation.invalid' }),
  /** With `lift`: the customer hangs up at this volume. */
  litres: z
    .number({ error: 'validation.invalid' })
    .min(0, 'validation.invalid')
    .max(1000, 'validation.invalid')
    .optional(),
});
const bayBody = strict({
  stationId: idField,
  bayNumber: idField,
  action: z.enum(bayActions, { error: 'validation.invalid' }),
});

/** A device that is not there is a 404 like any other; a refusal is the device's word. */
function deviceError(error: unknown): never {
  if (error instanceof ForecourtError)
    throw error.code === 'not_found'
      ? notFound()
      : new AppError(409, 'PUMP_UNAVAILABLE', 'error.pumpUnavailable');
  if (error instanceof CarwashError)
    throw error.code === 'not_found'
      ? notFound()
      : new AppError(409, 'CARWASH_UNAVAILABLE', 'error.carwashUnavailable');
  throw error;
}

type DeviceSims = Pick<RunningSimulators, 'forecourt' | 'carwash'> &
  Partial<Pick<RunningSimulators, 'beverageMachines'>>;

const simRoutes: FastifyPluginCallbackZod<DeviceSims> = (
  app,
  { forecourt, carwash, beverageMachines = null },
  done,
) => {
  const { ctx } = app;

  app.get(
    '/state',
    {
      schema: {
        tags: ['dev'],
        summary:
          "A station's simulated pumps, bays and coffee machines, and the chargers (development only)",
        querystring: z.object({ stationId: idParam.optional() }),
        response: { 200: simStateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const chargers = (await simFleet(ctx)?.state()) ?? [];
      const { stationId } = request.query;
      if (stationId === undefined)
        return { station: null, pumps: [], bays: [], machines: [], chargers };
      const station = await getStation(ctx, stationId, request.locale);
      const site = station.tokheim_station_id;
      return {
        station: { id: station.id, name: station.name, site },
        pumps: forecourt ? await forecourt.snapshot(site) : [],
        bays: carwash ? await carwash.snapshot(site) : [],
        machines: await coffeeMachinesAt(ctx, beverageMachines, station.id),
        chargers,
      };
    },
  );

  // The fleet starts with the server, after the routes are mounted: it is looked up per request.
  app.post(
    '/chargers',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Act at a simulated charger: plug, unplug, fault, unavailable, offline, online, tag (development only)',
        description:
          'A faulted or unavailable connector is cleared by `plug` followed by `unplug`. ' +
          '`offline` and `online` act on the whole charger. `tag` presents a provider card ' +
          "(`idTag`, the demo user's unless named): it starts a charge billed to its owner once " +
          'the car is plugged in, and the same card again stops it.',
        body: chargerSimActionSchema,
        response: { 200: simChargerSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const fleet = simFleet(ctx);
      if (!fleet) throw new AppError(409, 'SIM_UNAVAILABLE', 'error.conflict');
      const { identity, connectorId, action, idTag } = request.body;
      try {
        return await fleet.act(identity, connectorId, action, idTag);
      } catch (error) {
        if (error instanceof SimChargerUnknown) throw notFound();
        throw error;
      }
    },
  );

  if (forecourt)
    app.post(
      '/pumps',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Act at a simulated pump: lift, hang up, fault, offline, online (development only)',
          body: pumpBody,
          response: {
            200: z.object({ pump: pumpStatusSchema }),
            ...errorResponses(400, 404, 409),
          },
        },
      },
      async (request) => {
        const { stationId, pumpNumber, action, litres } = request.body;
        const station = await getStation(ctx, stationId, request.locale);
        if (!station.pumps.includes(pumpNumber)) throw notFound();
        const site = station.tokheim_station_id;
        try {
          const pump =
            action === 'lift'
              ? await forecourt.lift(site, pumpNumber, litres === undefined ? {} : { litres })
              : await forecourt[action](site, pumpNumber);
          return { pump };
        } catch (error) {
          return deviceError(error);
        }
      },
    );

  if (carwash)
    app.post(
      '/bays',
      {
        schema: {
          tags: ['dev'],
          summary: 'Act at a simulated wash bay: fault, offline, online (development only)',
          body: bayBody,
          response: {
            200: z.object({ bay: bayStatusSchema }),
            ...errorResponses(400, 404, 409),
          },
        },
      },
      async (request) => {
        const { stationId, bayNumber, action } = request.body;
        const station = await getStation(ctx, stationId, request.locale);
        if (!station.carwashBays.includes(bayNumber)) throw notFound();
        try {
          return { bay: await carwash[action](station.tokheim_station_id, bayNumber) };
        } catch (error) {
          return deviceError(error);
        }
      },
    );

  void app.register(simCoffeeRoutes, { beverageMachines });
  const stationsUrl = `/api/stations/${ctx.config.PRODUCT_SLUG}`;
  void app.register(simPage, { stationsUrl, beveragesUrl: `${stationsUrl}-beverages` });
  done();
};

const mounted = new WeakSet<FastifyInstance>();

/**
 * The pumps', bays', coffee machines' and chargers' controls for developers and the simulator
 * page: the person at the station lifts the nozzle, hangs up, plugs a car in, chooses a drink, or
 * breaks a device or its connection.
 * Never mounted in production; a second call for the same app does nothing. The chargers' fleet
 * may start later than the routes, so they are mounted even without pumps or bays.
 */
export function registerDeviceSims(app: FastifyInstance, sims: DeviceSims) {
  if (app.ctx.config.isProduction || mounted.has(app)) return;
  mounted.add(app);
  void app.register(simRoutes, { prefix: SIM_DEVICES_PATH, ...sims });
}
