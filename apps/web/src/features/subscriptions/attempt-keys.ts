/**
 * Idempotency keys for calls that move money. One key is kept per attempt (the same plan, card
 * and interval), so a retry after an unanswered request repeats it instead of paying twice. A
 * definite answer ends the attempt: the server keys a refused payment too, and the same key would
 * only give the old refusal back.
 */
export class AttemptKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key of the attempt named by `scope`, made on first use. */
  keyFor(scope: string): string {
    let key = this.keys.get(scope);
    if (!key) {
      key = this.newKey();
      this.keys.set(scope, key);
    }
    return key;
  }

  /** Ends the attempt unless its outcome is unknown, when the next try must reuse the key. */
  settle(scope: string, error: { statusCode: number } | null): void {
    if (error && outcomeUnknown(error.statusCode)) return;
    this.keys.delete(scope);
  }
}

/**
 * No answer (status 0) or a server failure that may have come after the payment. A 503 is the
 * card gateway not answering: the API tries such a payment again under the same key, and finds a
 * hold the gateway did make instead of making a second one.
 */
export function outcomeUnknown(statusCode: number): boolean {
  return statusCode === 0 || statusCode >= 500;
}

/** One keeper for the app: an attempt outlives the sheet or screen it started in. */
export const attemptKeys = new AttemptKeys();
