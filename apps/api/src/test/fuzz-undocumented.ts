import type { Config } from '../config.ts';
import { SIM_CLIENT_ID } from '../integrations/identity/sim.ts';
import type { Operation } from './fuzz-inputs.ts';
import type { JsonSchema } from './fuzz-values.ts';

const one = (value: string): JsonSchema => ({ type: 'string', enum: [value] });
const query = (schema: Record<string, JsonSchema>) =>
  Object.entries(schema).map(([name, s]) => ({ in: 'query' as const, name, schema: s }));

/**
 * The routes that the OpenAPI document leaves out, on purpose: the simulators' browser pages and
 * protocol endpoints, and the webhook, whose raw body the document cannot describe. Described
 * here so that they are fuzzed like the rest.
 */
export function undocumentedOperations(config: Config): Operation[] {
  const authorization = {
    response_type: one('code'),
    client_id: one(SIM_CLIENT_ID),
    redirect_uri: one(`${config.publicUrl}/api/identity/callback`),
    state: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' },
    nonce: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' },
    code_challenge: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    code_challenge_method: one('S256'),
  };
  const identity = '/api/sim/identity';
  const checkout = '/api/sim/gateway/checkout/{id}';
  const sessionId = { in: 'path' as const, name: 'id', schema: { type: 'string', format: 'uuid' } };
  const cards = '/api/sim/provider-cards';
  return [
    {
      method: 'POST',
      path: '/api/payments/webhook',
      params: [],
      body: {
        type: 'object',
        properties: {
          type: {
            type: 'string',
            enum: ['card_session.completed', 'card_session.failed', 'card_session.expired'],
          },
          sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,40}$' },
        },
        required: ['type', 'sessionId'],
      },
      secured: false,
    },
    { method: 'GET', path: `${identity}/authorize`, params: query(authorization), secured: false },
    {
      method: 'POST',
      path: `${identity}/authorize`,
      params: [],
      form: true,
      body: {
        type: 'object',
        properties: { ...authorization, subject: one('fo-010190-1234') },
        required: Object.keys(authorization),
      },
      secured: false,
    },
    {
      method: 'POST',
      path: `${identity}/token`,
      params: [],
      form: true,
      body: {
        type: 'object',
        properties: {
          grant_type: one('authorization_code'),
          client_id: one(SIM_CLIENT_ID),
          client_secret: one(config.IDENTITY_CLIENT_SECRET),
          code: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}\\.[A-Za-z0-9_-]{43}$' },
          redirect_uri: one(`${config.publicUrl}/api/identity/callback`),
          code_verifier: { type: 'string', pattern: '^[A-Za-z0-9._~-]{43,128}$' },
        },
        required: ['grant_type', 'client_id', 'client_secret', 'code'],
      },
      secured: false,
    },
    { method: 'GET', path: `${identity}/jwks`, params: [], secured: false },
    {
      method: 'POST',
      path: `${cards}/cards`,
      params: [],
      body: {
        type: 'object',
        properties: {
          pin: { type: 'string', pattern: '^[0-9]{4}$' },
          status: { type: 'string', enum: ['active', 'blocked', 'expired', 'lost'] },
          email: { type: 'string', format: 'email' },
          phone: { type: 'string', pattern: '^[0-9]{6}$' },
        },
      },
      secured: false,
    },
    {
      method: 'GET',
      path: `${cards}/messages`,
      params: query({ to: { type: 'string', format: 'email' } }),
      secured: false,
    },
    { method: 'GET', path: checkout, params: [sessionId], secured: false },
    { method: 'POST', path: `${checkout}/cancel`, params: [sessionId], secured: false },
    {
      method: 'POST',
      path: checkout,
      params: [sessionId],
      form: true,
      body: {
        type: 'object',
        properties: {
          number: { type: 'string', pattern: '^4[0-9]{15}$' },
          expMonth: { type: 'integer', minimum: 1, maximum: 12 },
          expYear: { type: 'integer', minimum: 2000, maximum: 2100 },
          cvc: { type: 'string', pattern: '^[0-9]{3}$' },
        },
        required: ['number', 'expMonth', 'expYear', 'cvc'],
      },
      secured: false,
    },
  ];
}
