import {
  beverageFillStates,
  beverageMachineStates,
  formatFillCode,
  idField,
  strict,
} from '@stod/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { toString as qrCode } from 'qrcode';
import { z } from 'zod';
import { QR_SIZE } from '../../lib/sim-coffee-page.ts';
import type { BeverageMachinesWithControls } from '../../integrations/beverage-machine/port.ts';
import { notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { errorResponses } from '../../plugins/auth.ts';
import * as repo from './repo.ts';

/** Long enough for any code's link; a QR code of more would be too dense to scan anyway. */
export const QR_TEXT_MAX = 512;

export const machineStatusSchema = z.object({
  machineId: z.string(),
  name: z.string(),
  state: z.enum(beverageMachineStates),
  /** Whether the app reaches the machine; offline, a cup already pouring goes on. */
  online: z.boolean(),
  /** The drink the machine is busy with: the fill its code names. */
  transactionId: z.string().nullable(),
  drink: z.string().nullable(),
  fillState: z.enum(beverageFillStates).nullable(),
  /** The link the machine's QR code shows, while it waits for payment. */
  url: z.string().nullable(),
  /** The code printed under the QR code ('K7M 4QX'), typed in the app without a camera. */
  typedCode: z.string().nullable(),
  secondsLeft: z.number().int().nullable(),
});
export type MachineStatus = z.infer<typeof machineStatusSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A station's coffee machines as the simulator runs them, with the drink each is busy with. */
export async function coffeeMachinesAt(
  ctx: ServiceContext,
  sim: BeverageMachinesWithControls | null,
  stationId: number,
): Promise<MachineStatus[]> {
  if (!sim) return [];
  const machines = await repo.machinesOfStation(ctx.db, stationId);
  const states = await sim.view(machines.map((m) => m.id));
  // The simulator takes any transaction id; only a fill's can be looked up.
  const ids = states.flatMap((s) =>
    s.transactionId && UUID.test(s.transactionId) ? [s.transactionId] : [],
  );
  const fills = new Map((await repo.fillsById(ctx.db, ids)).map((f) => [f.id, f]));
  const now = ctx.clock.now().getTime();
  return machines.map((machine, i) => {
    const {
      state,
      transactionId,
      online,
      code: url,
    } = states[i] ?? { state: 'idle' as const, transactionId: null, online: true, code: null };
    const fill = transactionId ? fills.get(transactionId) : undefined;
    return {
      machineId: machine.id,
      name: machine.name,
      state,
      online,
      transactionId,
      drink: fill?.name ?? null,
      fillState: fill?.state ?? null,
      url,
      typedCode: url && fill?.code ? formatFillCode(fill.code) : null,
      secondsLeft:
        url && fill ? Math.max(0, Math.ceil((fill.expiresAt.getTime() - now) / 1000)) : null,
    };
  });
}

/** Only the app's own links get a QR code here: the page is no QR service for other sites. */
function isAppUrl(publicUrl: string) {
  const app = new URL(`${publicUrl}/`);
  return (text: string) => {
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return (
      url.href === text &&
      url.origin === app.origin &&
      url.pathname.startsWith(app.pathname) &&
      url.username === '' &&
      url.password === ''
    );
  };
}

/** The coffee machines' controls of the simulator page, and the QR codes it shows. */
export const simCoffeeRoutes: FastifyPluginCallbackZod<{
  beverageMachines: BeverageMachinesWithControls | null;
}> = (app, { beverageMachines: sim }, done) => {
  const { ctx } = app;

  app.get(
    '/qr',
    {
      schema: {
        tags: ['dev'],
        summary: "An app link as a QR code, SVG (development only; the app's own links only)",
        querystring: z.object({
          text: z
            .string({ error: 'validation.invalid' })
            .min(1, 'validation.invalid')
            .max(QR_TEXT_MAX, 'validation.invalid')
            .refine(isAppUrl(ctx.config.publicUrl), 'validation.invalid'),
        }),
        response: { 200: z.any().describe('image/svg+xml'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const svg = await qrCode(request.query.text, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 4,
        width: QR_SIZE,
      });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(svg));
    },
  );

  if (sim) {
    /** The machine of that station, after `change`, as the panel shows it. */
    const changeMachine = async (
      stationId: number,
      machineId: string,
      change: (id: string) => Promise<void>,
    ) => {
      const machines = await repo.machinesOfStation(ctx.db, stationId);
      if (!machines.some((m) => m.id === machineId)) throw notFound();
      await change(machineId);
      const machine = (await coffeeMachinesAt(ctx, sim, stationId)).find(
        (m) => m.machineId === machineId,
      );
      if (!machine) throw notFound();
      return { machine };
    };
    const machineAnswer = {
      200: z.object({ machine: machineStatusSchema }),
      ...errorResponses(400, 404),
    };
    const which = { stationId: idField, machineId: z.uuid({ error: 'validation.invalid' }) };

    app.post(
      '/beverage-machines/out-of-order',
      {
        schema: {
          tags: ['dev'],
          summary: 'Take a simulated coffee machine out of order, or back (development only)',
          description:
            'Out of order, the machine drops the code it shows and pours nothing; back in ' +
            'order, it is idle.',
          body: strict({ ...which, outOfOrder: z.boolean({ error: 'validation.invalid' }) }),
          response: machineAnswer,
        },
      },
      async (request) => {
        const { stationId, machineId, outOfOrder } = request.body;
        return changeMachine(stationId, machineId, (id) => sim.setOutOfOrder(id, outOfOrder));
      },
    );

    app.post(
      '/beverage-machines/connection',
      {
        schema: {
          tags: ['dev'],
          summary:
            "Drop a simulated coffee machine's connection, or bring it back (development only)",
          description:
            'Offline, every call to the machine fails as a lost network would: no new code, no ' +
            'pour; a cup already pouring goes on, and the machine reports its state when it is ' +
            'back.',
          body: strict({ ...which, online: z.boolean({ error: 'validation.invalid' }) }),
          response: machineAnswer,
        },
      },
      async (request) => {
        const { stationId, machineId, online } = request.body;
        return changeMachine(stationId, machineId, (id) => sim.setOnline(id, online));
      },
    );
  }
  done();
};
