import {
  beverageFillSchema,
  beverageOneTimeSchema,
  beveragePourSchema,
  beveragePurchaseSchema,
  fillCodeAnswerSchema,
  idField,
  requiredText,
  strict,
  idempotencyKeyHeader,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { purchase } from './purchase.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const tags = ['beverages'];
const hashParams = z.object({ hash: z.string().max(200, 'validation.invalid') });

/** Spec §7 "Beverages": read a machine's code, and pour it on the coffee subscription. */
export const beverageRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/beverages/:hash',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'The drink a machine’s code names, and whether the subscription covers it',
        security: bearer,
        params: hashParams,
        response: { 200: beverageFillSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.read(ctx, authOf(request).userId, request.params.hash),
  );

  app.get(
    '/beverages/codes/:code',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'The code printed under a machine’s QR code, typed: the hash it stands for',
        security: bearer,
        params: z.object({ code: z.string().max(20, 'validation.invalid') }),
        response: { 200: fillCodeAnswerSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    (request) => service.byCode(ctx, authOf(request).userId, request.params.code),
  );

  app.post(
    '/beverages',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Pours the drink on the user’s BEVERAGE subscription (§6); each code pours once',
        security: bearer,
        body: beveragePourSchema,
        response: { 200: beverageFillSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    (request) => service.pourOnSubscription(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/beverages/one-time-purchase',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Buys the drink once: on a saved card, or on the gateway’s payment page',
        description: [
          'With `paymentMethodId` (one of the caller’s own cards) the price is held, the machine',
          'pours, the price is captured and a receipt written: the answer has the fill `pouring`',
          'and its `receiptId`. Without it, the answer’s `paymentUrl` is the gateway’s payment',
          'page, which the app opens in a new window; the fill waits in `paying`, pours once the',
          'payment completes, and the receipt follows (GET /beverages/{hash} and the realtime',
          '`beverage.changed` tell the app). A machine that cannot pour voids the hold: nothing is',
          'charged. Each code pours once. Send an Idempotency-Key per attempt; a retry with the',
          'same key answers the first result as it stands now, and never charges twice.',
        ].join(' '),
        security: bearer,
        headers: idempotencyKeyHeader,
        body: beverageOneTimeSchema,
        response: {
          200: beveragePurchaseSchema,
          ...errorResponses(400, 401, 404, 409, 422, 503),
        },
      },
    },
    (request) =>
      purchase(ctx, authOf(request).userId, request.body, request.headers['idempotency-key']),
  );
  return Promise.resolve();
};

/** Development only: a customer's choice on a station's coffee machine, as the machine makes it. */
export const beverageDevRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.post(
    '/dev/sim/beverage-machines',
    {
      schema: {
        tags: ['dev'],
        summary: 'The station’s coffee machine shows the code of a chosen drink: {hash, url}',
        body: strict({
          stationId: idField,
          beverageFamily: requiredText(1, 40),
        }),
        response: {
          200: z.object({
            hash: z.string(),
            url: z.string(),
            transactionId: z.string(),
            installationId: z.string(),
            expiresAt: z.string(),
          }),
          ...errorResponses(400, 404, 503),
        },
      },
    },
    async (request) => {
      const [machine] = await repo.machinesOf(ctx.db, request.body.stationId);
      if (!machine) throw notFound();
      const issued = await service.issue(ctx, machine.id, request.body.beverageFamily);
      return { ...issued, expiresAt: issued.expiresAt.toISOString() };
    },
  );
  return Promise.resolve();
};
