import { createRequire } from 'node:module';
import { createValidator } from 'ocpp-rpc';

/**
 * The 1.6J schemas as chargers of every make speak them. OCPP 1.6 types `meterStart` and
 * `meterStop` as integers, but real chargers send decimal Wh, and some send a timestamp without
 * its zone: both are taken (the handlers read each number exactly and parse each time, falling
 * back to the time of arrival). Everything else stays as strict as the published schemas.
 */

type Schema = { $id?: string; [key: string]: unknown };

const require = createRequire(import.meta.url);
const published = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as Schema[];

/** A copy of `node` without `format: date-time` anywhere in it. */
function withoutDateTime(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDateTime);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'format' && value === 'date-time') continue;
    copy[key] = withoutDateTime(value);
  }
  return copy;
}

const DECIMAL_REGISTERS: Record<string, string> = {
  'urn:StartTransaction.req': 'meterStart',
  'urn:StopTransaction.req': 'meterStop',
};

function lenient(schema: Schema): Schema {
  const copy = withoutDateTime(schema) as Schema;
  const field = copy.$id ? DECIMAL_REGISTERS[copy.$id] : undefined;
  const properties = copy.properties as Record<string, { type?: string }> | undefined;
  if (field && properties?.[field]) properties[field] = { ...properties[field], type: 'number' };
  return copy;
}

export const lenient16Validator = createValidator('ocpp1.6', published.map(lenient));
