import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// The OpenAPI document as client generators read it: valid to a maintained validator, every
// reference defined, every operation named and with its security said.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  security?: unknown[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

describe('the OpenAPI document', () => {
  it('is valid to swagger-parser, with every reference resolved', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<Doc>();
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('names every operation once and says the security of each', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<Doc>();
    const ids = new Set<string>();
    const unnamed: string[] = [];
    const unsaid: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        if (!METHODS.has(method)) continue;
        if (!operation.operationId) unnamed.push(`${method} ${path}`);
        else {
          expect(ids.has(operation.operationId), operation.operationId).toBe(false);
          ids.add(operation.operationId);
        }
        if (!Array.isArray(operation.security)) unsaid.push(`${method} ${path}`);
      }
    expect(unnamed).toEqual([]);
    expect(unsaid).toEqual([]);
  });
});
