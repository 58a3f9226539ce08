/**
 * A whole number taken from the first `hexDigits` hex digits of a UUID: a stable id for a
 * protocol that wants an integer (an OCPP remote start id or charging profile id, 7 digits so
 * it stays within a signed 32-bit integer), or for an advisory lock (8 digits).
 */
export function numberOfUuid(uuid: string, hexDigits: 7 | 8): number {
  return Number.parseInt(uuid.replaceAll('-', '').slice(0, hexDigits), 16);
}
