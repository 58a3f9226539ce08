import {
  appVersionAdminSchema,
  appVersionSettingSchema,
  maintenanceAdminSchema,
  maintenanceSettingSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore, recordChange } from '../../plugins/audit-change.ts';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as service from './service.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');

/** The production switches: maintenance and the app versions, the operator's, each audited. */
export const systemAdminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/maintenance',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'The maintenance switch, its notice in both languages, its window, and whether it holds now (operator)',
        security: bearer,
        response: { 200: maintenanceAdminSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.maintenanceAdmin(ctx),
  );

  app.put(
    '/admin/maintenance',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Switch maintenance on or off (operator), with a notice in Faroese and English and, if given, a window from and until which it holds; every API process follows within seconds',
        security: bearer,
        body: maintenanceSettingSchema,
        response: { 200: maintenanceAdminSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: auditBefore(() => service.maintenanceAdmin(ctx)),
    },
    (request) => service.setMaintenance(ctx, request.body),
  );

  app.get(
    '/admin/app-versions',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "Each platform's minimum and latest app version (operator)",
        security: bearer,
        response: { 200: z.array(appVersionAdminSchema), ...errorResponses(401, 403) },
      },
    },
    () => service.appVersionsAdmin(ctx),
  );

  app.put(
    '/admin/app-versions',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          "Set one platform's minimum version (older apps must update) and latest (older apps are told of it) (operator)",
        security: bearer,
        body: appVersionSettingSchema,
        response: { 200: z.array(appVersionAdminSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const platform = request.body.platform;
      const of = (list: { platform: string }[]) => list.find((v) => v.platform === platform);
      const before = of(await service.appVersionsAdmin(ctx));
      const after = await service.setAppVersionAdmin(ctx, request.body);
      recordChange(request, { before, after: of(after) });
      return after;
    },
  );
  return Promise.resolve();
};
