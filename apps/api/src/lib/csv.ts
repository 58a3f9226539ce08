/**
 * CSV as a spreadsheet reads it (RFC 4180): fields with a comma, a quote or a line break are
 * quoted, quotes doubled, lines end with CRLF. A field a spreadsheet would take for a formula
 * (`=`, `+`, `-`, `@` first) is prefixed with `'`, so a name typed by someone cannot run as one.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (value: string) => {
    const safe =
      /^[=+\-@\t\r]/.test(value) && !/^-?\d+([.,]\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
