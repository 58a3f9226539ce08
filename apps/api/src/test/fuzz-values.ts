import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that the API's document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * Well-formed values for fields whose shape a JSON Schema cannot say (an e-mail address, a card
 * number), so that valid-shaped bodies get past validation and reach the handlers.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const INT4 = 2_147_483_647;

/** Text that has broken databases, headers and parsers before. */
export const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u001b[31m',
    '\u007f\u0085\u009f',
    'line\nbreak\r\n\ttab',
    '\ud800',
    'x\udfffy',
    '\u202eevil',
    '💥🇫🇴ðøæ',
    '%00',
    '%',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '__proto__',
    'constructor',
    '1e10',
    '2147483648',
    '-1',
    'NaN',
    'Infinity',
    'null',
    'true',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0008', '\u001f', 'a', 'ø', '\ud83d'),
    maxLength: 20,
  }),
  fc.constantFrom(1_000, 102_400).map((n) => 'ð'.repeat(n)),
);

export const oddNumber = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(INT4 + 1, 1e10, -1, 0) },
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    INT4,
    INT4 + 1,
    -INT4 - 2,
    2 ** 32,
    1e10,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A value of any JSON type, mostly of the odd kind. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  oddNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  fc.constantFrom(nested(50), nested(2_000)),
  fc.array(oddText, { maxLength: 4 }),
  fc.dictionary(oddText, oddText, { maxKeys: 3 }),
);

function isType(schema: JsonSchema, type: string) {
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

function patternText(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // Look-arounds and the like are beyond the generator; the fallback text still fuzzes.
    return undefined;
  }
}

/** A value that the schema accepts, as far as its keywords tell. */
export function validValue(schema: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const hint = hints[name];
  if (hint) return hint;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validValue(s, hints, name)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = Object.assign({}, ...schema.allOf) as JsonSchema;
    return validValue(merged, hints, name);
  }
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    const lower = schema.minimum ?? -INT4;
    const min = schema.exclusiveMinimum === true ? lower + 1 : lower;
    const max = Math.min(schema.maximum ?? INT4, Number.MAX_SAFE_INTEGER);
    // Whole numbers within the bounds (a number's bounds may be fractions: 1.4 kW).
    const whole = fc.integer({
      min: Math.ceil(Math.max(min, -INT4 - 1)),
      max: Math.floor(Math.min(max, INT4)),
    });
    return fc.oneof(whole, fc.constantFrom(min, Math.min(max, 1e12)));
  }
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'array'))
    return fc.array(validValue(schema.items ?? {}, hints), { maxLength: 3 });
  if (isType(schema, 'object') || schema.properties) return validObject(schema, hints);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'uri') return fc.webUrl();
  const fromPattern = schema.pattern ? patternText(schema.pattern) : undefined;
  if (fromPattern) return fromPattern;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 300));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function validObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(props).map(([k, s]) => [k, validValue(s, hints, k)]),
  );
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** A valid-shaped value in which some fields, at any depth, are swapped for odd ones. */
export function spoiledValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const props = schema.properties;
  if (!props) return oddFor(schema);
  const names = Object.keys(props);
  if (names.length === 0) return validValue(schema, hints);
  return fc
    .tuple(
      validObject(schema, hints),
      fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
      fc.tuple(...names.map((n) => spoiledValue(props[n] ?? {}, hints))),
    )
    .map(([base, spoilt, odd]) => {
      const out: Record<string, unknown> = { ...base };
      for (const n of spoilt) out[n] = odd[names.indexOf(n)];
      return out;
    });
}

/**
 * An odd value of mostly the same type: odd text where text belongs gets past the type check
 * and further into the code than a number would.
 */
function oddFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (isType(schema, 'string') || schema.format || schema.pattern)
    return fc.oneof({ weight: 4, arbitrary: oddText }, { weight: 1, arbitrary: oddValue });
  if (isType(schema, 'integer') || isType(schema, 'number'))
    return fc.oneof({ weight: 4, arbitrary: oddNumber }, { weight: 1, arbitrary: oddValue });
  return oddValue;
}

export function rawJson(value: unknown): string {
  // undefined, the one value JSON cannot write, stands for a missing body part.
  return value === undefined ? 'null' : JSON.stringify(value);
}
