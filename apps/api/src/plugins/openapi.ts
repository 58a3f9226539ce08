import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';

/**
 * The OpenAPI document's transforms. @fastify/swagger marks every request body required, as
 * Fastify's own validation would need one; ours validates a missing body as no body, so a route
 * whose body schema accepts none is documented with `requestBody.required: false`. Every
 * operation gets an `operationId` from its method and path (`GET /api/receipts/:id` is
 * `getReceiptsById`), and a route that names no security is public (`security: []`). The zod
 * schemas that refer to themselves (a food item's items) are written out as components.
 */

const OPTIONAL_BODY = 'x-body-optional';

type Transform = Parameters<typeof jsonSchemaTransform>[0];

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/receipts/:id/pdf` → `getReceiptsByIdPdf`: unique, as a method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capital(segment.slice(1))}`
        : segment
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map(capital)
            .join(''),
    );
  return method.toLowerCase() + words.join('');
}

export function transform(input: Transform) {
  const out = jsonSchemaTransform(input);
  const source = input.schema as { body?: unknown; security?: unknown } | undefined;
  const method = [input.route.method].flat()[0] ?? 'get';
  const schema: Record<string, unknown> = {
    ...out.schema,
    operationId: operationIdOf(method, input.url),
    ...(source?.security === undefined ? { security: [] } : {}),
  };
  const body = source?.body;
  if (body instanceof ZodType && body.safeParse(undefined).success) schema[OPTIONAL_BODY] = true;
  return { ...out, schema };
}

interface Operation {
  requestBody?: { required?: boolean };
  'x-body-optional'?: boolean;
}

export function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const doc = jsonSchemaTransformObject(input) as {
    paths?: Record<string, Record<string, Operation>>;
  };
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      if (!operation['x-body-optional']) continue;
      delete operation['x-body-optional'];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  return doc;
}
