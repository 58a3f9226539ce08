import {
  cardSessionStartSchema,
  ownCardAddSchema,
  ownCardCodeRequestSchema,
  ownCardCodeSentSchema,
  paymentAgreementSchema,
  paymentAgreementUpdateSchema,
  paymentAgreementViewSchema,
  paymentMethodSchema,
  paymentMethodsResponseSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyWebhook } from '../../integrations/payments/signature.ts';
import { AppError } from '../../lib/errors.ts';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { onPaymentSessionEvent } from '../payments/index.ts';
import * as ownCards from './own-cards.ts';
import * as service from './service.ts';

const guarded = { onRequest: requireAuth } as const;
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const tags = ['wallet'];

export const walletRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/payment-methods',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The user's cards, the provider's cards and the payment agreement",
        security: bearer,
        response: { 200: paymentMethodsResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => service.list(ctx, authOf(request).userId),
  );

  app.post(
    '/payment-methods',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Start the gateway's hosted card-entry page",
        security: bearer,
        body: cardSessionStartSchema,
        response: {
          201: z.object({ sessionId: z.string(), url: z.string() }),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.startCardEntry(ctx, authOf(request).userId, request.body)),
  );

  app.get(
    '/payment-methods/sessions/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Where a card-entry session stands; saves the card once it is complete',
        security: bearer,
        params: idParams,
        response: {
          200: z.object({
            status: z.enum(['open', 'completed', 'failed', 'expired']),
            failure: z.string().nullable(),
            paymentMethod: paymentMethodSchema.nullable(),
          }),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    (request) => service.cardSessionStatus(ctx, authOf(request).userId, request.params.id),
  );

  app.post(
    `/payment-methods/${ctx.config.OWN_CARD_SLUG}/add/code`,
    {
      ...guarded,
      schema: {
        tags,
        summary: "Have the card's issuer send a one-time code to the card's holder",
        security: bearer,
        body: ownCardCodeRequestSchema,
        response: { 201: ownCardCodeSentSchema, ...errorResponses(400, 401, 422, 429, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await ownCards.requestCode(ctx, authOf(request).userId, request.body, request.ip)),
  );

  app.post(
    `/payment-methods/${ctx.config.OWN_CARD_SLUG}/add`,
    {
      ...guarded,
      schema: {
        tags,
        summary:
          "Add an existing card of the provider's, proven by the PIN on its carrier or a code sent to its holder",
        description:
          'Answers 201 with the new payment method, or 200 when the card is on this account already.',
        security: bearer,
        body: ownCardAddSchema,
        response: {
          200: paymentMethodSchema,
          201: paymentMethodSchema,
          ...errorResponses(400, 401, 409, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { created, method } = await ownCards.addOwnCard(
        ctx,
        authOf(request).userId,
        request.body,
        request.ip,
      );
      return reply.status(created ? 201 : 200).send(method);
    },
  );

  app.post(
    `/payment-methods/${ctx.config.OWN_CARD_SLUG}/create`,
    {
      ...guarded,
      schema: {
        tags,
        summary:
          "Issue a new card of the provider's (needs an agreement and an identity verification, which it spends)",
        security: bearer,
        body: cardSessionStartSchema.pick({ name: true }),
        response: { 201: paymentMethodSchema, ...errorResponses(400, 401, 422, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await ownCards.createOwnCard(ctx, authOf(request).userId, request.body)),
  );

  app.get(
    '/payment-methods/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One payment method',
        security: bearer,
        params: idParams,
        response: { 200: paymentMethodSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getOne(ctx, authOf(request).userId, request.params.id),
  );

  app.delete(
    '/payment-methods/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Delete a payment method',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(ctx, authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/user/primary-payment-card/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Make a payment method the favourite',
        security: bearer,
        params: idParams,
        response: { 200: paymentMethodsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.setFavourite(ctx, authOf(request).userId, request.params.id),
  );

  const agreementSchema = {
    tags,
    security: bearer,
    response: {
      200: paymentAgreementViewSchema,
      201: paymentAgreementViewSchema,
      ...errorResponses(400, 401, 404, 409),
    },
  };
  app.get(
    '/payment-agreement',
    { ...guarded, schema: { ...agreementSchema, summary: 'The payment agreement' } },
    (request) => service.getAgreement(ctx, authOf(request).userId),
  );
  app.post(
    '/payment-agreement',
    {
      ...guarded,
      schema: {
        ...agreementSchema,
        summary: 'Create the payment agreement',
        body: paymentAgreementSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.saveAgreement(ctx, authOf(request).userId, request.body, 'create')),
  );
  app.patch(
    '/payment-agreement',
    {
      ...guarded,
      schema: {
        ...agreementSchema,
        summary: 'Change the payment agreement; without an account number the saved one stays',
        body: paymentAgreementUpdateSchema,
      },
    },
    (request) => service.saveAgreement(ctx, authOf(request).userId, request.body, 'update'),
  );

  // The gateway's signed webhook. The body is kept raw so the signature can be checked.
  void app.register((hook, _opts, done) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => {
      next(null, body);
    });
    hook.post(
      '/payments/webhook',
      { schema: { tags, summary: 'Signed events from the card gateway' } },
      async (request, reply) => {
        const raw = request.body as string;
        if (
          !verifyWebhook(
            ctx.config.GATEWAY_WEBHOOK_SECRET,
            raw,
            request.headers['x-gateway-signature'] as string | undefined,
          )
        ) {
          throw new AppError(401, 'BAD_SIGNATURE', 'error.unauthorized');
        }
        const parsed = z
          .object({ type: z.string(), sessionId: z.string().regex(/^[\x21-\x7e]{1,200}$/) })
          .safeParse(JSON.parse(raw));
        if (!parsed.success) throw new AppError(400, 'MALFORMED', 'error.malformed');
        // Card sessions are the wallet's; payment pages belong to the module that opened them.
        await service.handleWebhook(ctx, parsed.data);
        await onPaymentSessionEvent(ctx, parsed.data);
        return reply.status(204).send();
      },
    );
    done();
  });
  return Promise.resolve();
};
