/**
 * OAuth's own character set for `state`, `code` and friends (RFC 6749, appendix A: VSCHAR).
 * Refusing everything else keeps NUL out of PostgreSQL and line breaks out of headers.
 */
const VSCHAR = /^[\x20-\x7e]+$/;

/** A protocol parameter when it is one short string of printable ASCII; otherwise undefined. */
export function protocolParam(value: unknown, maxLength: number): string | undefined {
  return typeof value === 'string' && value.length <= maxLength && VSCHAR.test(value)
    ? value
    : undefined;
}

/** Bounds: our own `state` and `nonce` are 32 characters; real providers' codes can be JWTs. */
export const MAX_STATE = 256;
export const MAX_NONCE = 256;
export const MAX_CODE = 2048;
export const MAX_URI = 1024;
