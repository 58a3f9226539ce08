import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiled, compileSerializer } from './serializer.ts';

const receipt = z.object({
  id: z.uuid(),
  total: z.number().int(),
  note: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), amount: z.number() })),
  kind: z.enum(['fuel', 'wash']),
  extra: z.string().optional(),
});

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' }) as Parameters<
    ReturnType<typeof compileSerializer>
  >[0];

const value = {
  id: '00000000-0000-4000-8000-000000000001',
  total: 12_900,
  note: null,
  lines: [{ name: 'Blýfrítt 95', amount: 12_900, secret: 'no' }],
  kind: 'fuel',
  passwordHash: 'never sent',
};

describe('the compiled serializer', () => {
  it('writes only the declared fields, as zod does', () => {
    const write = compiled(receipt);
    expect(write).not.toBeNull();
    const sent = JSON.parse(write?.(value) ?? '') as Record<string, unknown>;
    expect(sent).toEqual({
      id: value.id,
      total: 12_900,
      note: null,
      lines: [{ name: 'Blýfrítt 95', amount: 12_900 }],
      kind: 'fuel',
    });
    expect(JSON.stringify(sent)).not.toContain('never sent');
    expect(JSON.stringify(sent)).not.toContain('secret');
  });

  it('refuses an answer that lacks a required field', () => {
    const write = compileSerializer(false)(route(receipt));
    const partial: Record<string, unknown> = { ...value };
    delete partial.total;
    expect(() => write(partial)).toThrow();
  });

  it('leaves a schema JSON Schema cannot say to zod', () => {
    const dated = z.object({ at: z.date() });
    expect(compiled(dated)).toBeNull();
    // Still written, by zod.
    const write = compileSerializer(false)(route(dated));
    expect(write({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('when checking, fails an answer zod refuses, and passes one in another field order', () => {
    const write = compileSerializer(true)(route(receipt));
    expect(() => write({ ...value, total: 'a lot' })).toThrow();
    const reordered = z.object({ b: z.number(), a: z.number() }).extend({ c: z.number() });
    expect(JSON.parse(compileSerializer(true)(route(reordered))({ c: 3, a: 1, b: 2 }))).toEqual({
      a: 1,
      b: 2,
      c: 3,
    });
  });

  it('keeps a field named __proto__ in a record, which zod loses, without failing the check', () => {
    const errors = z.object({ fieldErrors: z.record(z.string(), z.string()) });
    const answer = JSON.parse('{"fieldErrors":{"__proto__":"bad","name":"short"}}') as unknown;
    const written = compileSerializer(true)(route(errors))(answer);
    expect(written).toBe('{"fieldErrors":{"__proto__":"bad","name":"short"}}');
  });
});
