import { alarmListSchema, alarmSchema, idParam } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { stationScope } from '../admin/index.ts';
import * as service from './service.ts';

const tags = ['admin'];
const operatorOrManager = requireRole('operator', 'station');

/** The network's alarms: an operator's every one, a station manager's of their stations. */
export const alarmRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/alarms',
    {
      onRequest: operatorOrManager,
      schema: {
        tags,
        summary:
          "Open alarms, faults first (or those cleared in the last 7 days), with the open ones' counts; a station manager's of their stations only (operator, station)",
        security: bearer,
        querystring: z.object({
          state: z.enum(['open', 'cleared']).default('open'),
          stationId: idParam.optional(),
        }),
        response: { 200: alarmListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.listAlarms(ctx, await stationScope(request), {
        state: request.query.state,
        stationId: request.query.stationId,
      }),
  );

  app.post(
    '/admin/alarms/:id/acknowledgement',
    {
      onRequest: operatorOrManager,
      schema: {
        tags,
        summary:
          'Acknowledge an open alarm: it stops sounding and is not escalated; again answers it as it is, a cleared one 409 (operator, station)',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        response: { 200: alarmSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.acknowledgeAlarm(
        ctx,
        await stationScope(request),
        request.params.id,
        authOf(request).userId,
      ),
  );
  return Promise.resolve();
};
