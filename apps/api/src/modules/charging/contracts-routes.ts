import { contractCreateSchema, contractListSchema, contractViewSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { createContract, listContracts, revokeContract } from './plug-and-charge.ts';

const tags = ['charging'];

/** A driver's Plug & Charge contracts: the car charges on plugging in, billed to the driver. */
export const contractRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  const common = { onRequest: requireAuth };

  app.get(
    '/charging/contracts',
    {
      ...common,
      schema: {
        tags,
        summary: "The user's Plug & Charge contracts, newest first",
        security: bearer,
        response: { 200: contractListSchema, ...errorResponses(401) },
      },
    },
    (request) => listContracts(ctx, authOf(request).userId),
  );

  app.post(
    '/charging/contracts',
    {
      ...common,
      schema: {
        tags,
        summary: 'A new Plug & Charge contract for one of the user’s cars',
        description:
          'The contract PKI issues a contract certificate for a new eMAID, which becomes the user’s id tag: a charge it starts is billed as a tag’s. With `pcid` (the car’s provisioning certificate id) the car can fetch the certificate through a charger (`Get15118EVCertificate`). At most five active contracts (409 `CONTRACT_LIMIT`); a car’s PCID once (409 `PCID_TAKEN`); 503 `PNC_UNAVAILABLE` when no PKI answers.',
        security: bearer,
        body: contractCreateSchema,
        response: { 201: contractViewSchema, ...errorResponses(400, 401, 409, 422, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createContract(ctx, authOf(request).userId, request.body.pcid ?? null)),
  );

  app.delete(
    '/charging/contracts/:emaid',
    {
      ...common,
      schema: {
        tags,
        summary: 'Revoke one of the user’s Plug & Charge contracts',
        description:
          'OCSP answers its certificate revoked from then on, and its eMAID is Blocked as a tag. 404 for a contract that is not the user’s.',
        security: bearer,
        params: z.object({ emaid: z.string().min(1).max(20) }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await revokeContract(ctx, authOf(request).userId, request.params.emaid);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
