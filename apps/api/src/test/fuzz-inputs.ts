import fc from 'fast-check';
import {
  oddNumber,
  oddText,
  oddValue,
  rawJson,
  spoiledValue,
  validValue,
  type Hints,
  type JsonSchema,
} from './fuzz-values.ts';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  /** How the body is sent: JSON, or an HTML form as browsers post it. */
  form?: boolean;
  secured: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
      secured: (op.security ?? []).length > 0,
    })),
  );
}

/** A request as app.inject takes it, kept printable for a reproduction. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Form bodies, as a browser posts them: fields valid-shaped or odd, repeated, or mangled. */
function formOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<{ text: string; type: string }> {
  const fields = fc
    .oneof(validValue(schema, hints), spoiledValue(schema, hints))
    .map((value) => (value && typeof value === 'object' ? value : {}))
    .map((value) =>
      Object.entries(value)
        .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : rawJson(v))}`)
        .join('&'),
    );
  const mangled = fc.constantFrom(
    '',
    '&&&',
    '=',
    '%',
    '%zz=%zz',
    'a=1&a=2&a=3',
    'x'.repeat(300_000),
  );
  return fc
    .tuple(
      fc.oneof({ weight: 5, arbitrary: fields }, { weight: 1, arbitrary: mangled }),
      fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded; charset=utf-8',
        'application/json',
        'text/plain',
      ),
    )
    .map(([text, type]) => ({ text, type }));
}

/** Bodies for an operation: valid-shaped, spoiled, extended, of the wrong type, malformed. */
function bodyOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<{ text: string; type: string }> {
  const json = (text: fc.Arbitrary<string>) =>
    text.map((t) => ({ text: t, type: 'application/json' }));
  const withUnknown = fc
    .tuple(validValue(schema, hints), fc.dictionary(oddText, oddValue, { minKeys: 1, maxKeys: 5 }))
    .map(([base, extra]) =>
      rawJson(typeof base === 'object' && base ? { ...extra, ...base } : extra),
    );
  const manyUnknown = fc
    .constantFrom(100, 60_000)
    .map((n) => `{${Array.from({ length: n }, (_, i) => `"f${String(i)}":0`).join(',')}}`);
  return fc.oneof(
    { weight: 6, arbitrary: json(validValue(schema, hints).map(rawJson)) },
    { weight: 6, arbitrary: json(spoiledValue(schema, hints).map(rawJson)) },
    { weight: 2, arbitrary: json(withUnknown) },
    { weight: 2, arbitrary: json(oddValue.map(rawJson)) },
    { weight: 1, arbitrary: json(manyUnknown) },
    {
      weight: 2,
      arbitrary: json(
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          '[',
          'nul',
          '{"a":1}garbage',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"admin":true}}}',
          '{"subscriptionId":1e400}',
          '{"subscriptionId":123456789012345678901234567890}',
          '"\\u0000"',
          '{"name":"\\ud800"}',
          'x'.repeat(1_100_000),
        ),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        text: fc.oneof(validValue(schema, hints).map(rawJson), fc.constant('a=1&b=2')),
        type: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/merge-patch+json',
          'application/jsonx',
          '*/*',
          ';;;',
        ),
      }),
    },
  );
}

const validText = (schema: JsonSchema, hints: Hints, name: string) =>
  validValue(schema, hints, name).map((v) => (typeof v === 'string' ? v : rawJson(v)));

/** A path or query value, as text in the URL. */
function paramText(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: validText(schema, hints, name) },
    { weight: 2, arbitrary: oddText.filter((v) => v.length < 1_000) },
    { weight: 2, arbitrary: oddNumber.map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('9'.repeat(400), 'ð'.repeat(2_000), 'x'.repeat(20_000)),
    },
  );
}

const headerText = fc.oneof(
  fc.constantFrom('', ' ', '\t', '*', 'ð'.repeat(8), 'x'.repeat(201), 'x'.repeat(8_000)),
  fc.string({ unit: fc.constantFrom('a', '-', ';', '=', ',', ' ', '\t', 'é', 'ÿ'), maxLength: 30 }),
  { weight: 3, arbitrary: fc.uuid() },
);

const acceptLanguage = fc.oneof(
  fc.constantFrom(
    'fo',
    'en',
    'en-GB,en;q=0.9',
    '*',
    'fo;q=2',
    'en;q=NaN',
    'xx-YY',
    ',,,;q=',
    'fo, '.repeat(2_000),
  ),
  headerText,
);

/** Percent-encodes like a browser; a lone surrogate becomes the bytes a careless client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/\p{Cs}/gu, ''))}%ED%A0%80`;
  }
}

/** One request to one operation, with its odd inputs. */
export function requestFor(op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const raw = (v: string) => v.replace(/[/?#%]/g, '-');
  const path = fc
    .tuple(
      fc.oneof(
        fc.tuple(...pathParams.map((p) => paramText(p.schema ?? {}, hints, p.name))),
        fc.tuple(...pathParams.map((p) => validText(p.schema ?? {}, hints, p.name))),
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(encode) },
        { weight: 1, arbitrary: fc.constant(raw) },
      ),
    )
    .map(([values, enc]) =>
      pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, enc(values[i] ?? '')), op.path),
    );
  const someOdd = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        paramText(p.schema ?? {}, hints, p.name).map((v): [string, string] => [p.name, v]),
        { nil: undefined, freq: 6 },
      ),
    ),
  );
  // All valid, so that the handlers behind strict query schemas are reached too.
  const allValid = fc.tuple(
    ...queryParams.map((p) =>
      validText(p.schema ?? {}, hints, p.name).map((v): [string, string] => [p.name, v]),
    ),
  );
  const known: fc.Arbitrary<([string, string] | undefined)[]> = fc.oneof(someOdd, allValid);
  const names = fc.oneof(oddText, fc.constantFrom('x', ...queryParams.map((p) => p.name)));
  const extra = fc.array(fc.tuple(names, oddText), { maxLength: 2 });
  const query = fc
    .tuple(known, extra)
    .map(([k, e]) =>
      [...k.filter((pair): pair is [string, string] => pair !== undefined), ...e]
        .map(([name, value]) => `${encode(name)}=${encode(value)}`)
        .join('&'),
    );
  const headers = fc.record(
    {
      'accept-language': acceptLanguage,
      'idempotency-key': headerText,
      'x-request-id': headerText,
      'if-none-match': headerText,
    },
    { requiredKeys: [] },
  );
  const body = op.body
    ? fc.option(op.form ? formOf(op.body, hints) : bodyOf(op.body, hints), {
        nil: undefined,
        freq: 12,
      })
    : fc.constant(undefined);
  return fc.record({ path, query, headers, body }).map((r) => ({
    method: op.method,
    url: r.query ? `${r.path}?${r.query}` : r.path,
    headers: r.body ? { ...r.headers, 'content-type': r.body.type } : r.headers,
    ...(r.body ? { payload: r.body.text } : {}),
  }));
}

/** How to send a request again by hand; long texts are cut so the report stays readable. */
export function reproduction(req: FuzzRequest, as: string): string {
  // A long run of one unit becomes "unit…×count", so what matters around it stays in view.
  const runs = (s: string) =>
    s.replace(
      /(.{1,9}?)\1{9,}/gsu,
      (run, unit: string) => `${unit}…×${String(run.length / unit.length)}`,
    );
  const cut = (s: string) => {
    const short = runs(s);
    return short.length > 600 ? `${short.slice(0, 300)} … ${short.slice(-300)}` : short;
  };
  return [
    `${req.method} ${cut(req.url)} as ${as}`,
    `  headers: ${cut(JSON.stringify(req.headers))}`,
    ...(req.payload === undefined ? [] : [`  body: ${cut(JSON.stringify(req.payload))}`]),
  ].join('\n');
}
