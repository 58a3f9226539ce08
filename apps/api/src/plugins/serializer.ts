import { isDeepStrictEqual } from 'node:util';
import build from 'fast-json-stringify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type Route = Parameters<typeof zodSerializer>[0];
type Serialize = (data: unknown) => string;

/**
 * Answers are written by a stringifier compiled once per route from its response schema
 * (fast-json-stringify), not by parsing every answer with zod and then stringifying it: the
 * parse was the largest part of a read's own time (docs/performance.md). What reaches the client
 * is the same: only the fields the schema declares, in its order, a required field missing an
 * error (a 500, as the parse made it). A schema that JSON Schema cannot say (a date object, a
 * custom type) keeps zod's serializer.
 *
 * With `check` (tests), every answer is also written by zod's serializer and the two must carry
 * the same values: a schema the compiled stringifier would write differently from zod fails the test
 * that sent it, so the fast path can never drift from what the schemas promise.
 */
export function compileSerializer(check: boolean) {
  return (route: Route): Serialize => {
    const viaZod = zodSerializer(route);
    // Compiled when the route first answers with this status, not at start: the app has some
    // 400 routes, and compiling every one of their answers cost the start about a second.
    let fast: Serialize | null | undefined;
    const write = (data: unknown) => {
      if (fast === undefined) fast = writerOf(route.schema as ZodType);
      return fast ? fast(data) : viaZod(data);
    };
    if (!check) return write;
    return (data) => {
      const expected = viaZod(data);
      const written = write(data);
      // The same values; the order of an object's fields may differ (JSON does not order them).
      if (!isDeepStrictEqual(JSON.parse(written, ownKeys), JSON.parse(expected, ownKeys)))
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written.slice(0, 400)} where zod wrote ${expected.slice(0, 400)}`,
        );
      return written;
    };
  };
}

/** One writer per schema: the error answers' schemas are shared by most routes. */
const writers = new WeakMap<ZodType, Serialize | null>();

function writerOf(schema: ZodType): Serialize | null {
  let writer = writers.get(schema);
  if (writer === undefined) {
    writer = compiled(schema);
    writers.set(schema, writer);
  }
  return writer;
}

/**
 * Zod builds a record by assignment, so a key `__proto__` (a field of that name in a refused
 * query, named in `fieldErrors`) is lost in its answer, where the compiled writer keeps it; the
 * comparison leaves such keys out.
 */
const ownKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/** The compiled stringifier of a zod schema, or null where JSON Schema cannot say it. */
export function compiled(schema: ZodType): Serialize | null {
  let json: Record<string, unknown>;
  try {
    // 'input': zod's serializer encodes (output to input type), so the wire carries the input.
    json = toJSONSchema(schema, {
      io: 'input',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    });
  } catch {
    return null;
  }
  try {
    return build(json);
  } catch {
    return null;
  }
}
