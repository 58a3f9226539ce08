import {
  idParam,
  subscribeSchema,
  subscriptionIntervals,
  subscriptionPlanSchema,
  subscriptionPlansResponseSchema,
  subscriptionPriceSchema,
  upgradedSubscriptionSchema,
  upgradeSchema,
  userSubscriptionSchema,
  userSubscriptionsResponseSchema,
  optionalIdempotencyKeyHeader,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';
import * as views from './views.ts';

const tags = ['subscriptions'];
const planParams = z.object({ id: idParam });
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const userSubscriptionView = userSubscriptionSchema;

export const subscriptionRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/subscriptions',
    {
      schema: {
        tags,
        summary: 'The plans on offer',
        response: { 200: subscriptionPlansResponseSchema },
      },
    },
    (request) => views.listPlans(ctx, request.locale),
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'One plan',
        params: planParams,
        response: { 200: subscriptionPlanSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => views.toPlan(await views.getPlan(ctx, request.params.id), request.locale),
  );

  app.get(
    '/subscriptions/:id/price',
    {
      schema: {
        tags,
        summary: 'The price of a plan per interval',
        params: planParams,
        querystring: z.object({
          interval: z.enum(subscriptionIntervals, { error: 'validation.invalid' }),
        }),
        response: { 200: subscriptionPriceSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const plan = views.toPlan(await views.getPlan(ctx, request.params.id), request.locale);
      const interval = request.query.interval;
      return { subscriptionId: plan.id, interval, price: plan.prices[interval], currency: 'DKK' };
    },
  );

  app.post(
    '/subscriptions/:id/subscribe',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Subscribe and pay the first period (send an Idempotency-Key)',
        security: bearer,
        params: planParams,
        headers: optionalIdempotencyKeyHeader,
        body: subscribeSchema,
        response: { 201: userSubscriptionView, ...errorResponses(400, 401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.subscribe(
            ctx,
            authOf(request).userId,
            request.params.id,
            request.body,
            request.headers['idempotency-key'],
            request.locale,
          ),
        ),
  );

  app.get(
    '/user-subscriptions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The user's usable subscriptions",
        security: bearer,
        response: {
          200: userSubscriptionsResponseSchema,
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      items: await views.usable(ctx, authOf(request).userId, request.locale),
    }),
  );

  app.delete(
    '/user-subscriptions/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Cancel; the subscription stays usable until validTo',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.cancel(ctx, authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user-subscriptions/:id/upgrade',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Upgrade to a higher tier of the same type, crediting what is left',
        security: bearer,
        params: idParams,
        headers: optionalIdempotencyKeyHeader,
        body: upgradeSchema,
        response: {
          200: upgradedSubscriptionSchema,
          ...errorResponses(400, 401, 404, 409, 422, 503),
        },
      },
    },
    (request) =>
      service.upgrade(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.subscriptionId,
        request.headers['idempotency-key'],
        request.locale,
      ),
  );
  return Promise.resolve();
};
