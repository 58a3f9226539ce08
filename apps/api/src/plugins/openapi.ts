import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';

/**
 * The OpenAPI document's transforms. @fastify/swagger marks every request body required, as
 * Fastify's own validation would need one; ours validates a missing body as no body, so a route
 * whose body schema accepts none is documented with `requestBody.required: false`.
 */

const OPTIONAL_BODY = 'x-body-optional';

type Transform = Parameters<typeof jsonSchemaTransform>[0];

export function transform(input: Transform) {
  const out = jsonSchemaTransform(input);
  const body = (input.schema as { body?: unknown } | undefined)?.body;
  if (body instanceof ZodType && body.safeParse(undefined).success)
    return { ...out, schema: { ...out.schema, [OPTIONAL_BODY]: true } };
  return out;
}

interface Operation {
  requestBody?: { required?: boolean };
  'x-body-optional'?: boolean;
}

export function transformObject(input: { openapiObject: object } | { swaggerObject: object }) {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const doc = input.openapiObject as { paths?: Record<string, Record<string, Operation>> };
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      if (!operation['x-body-optional']) continue;
      delete operation['x-body-optional'];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  return doc;
}
