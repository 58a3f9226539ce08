import { apiRequest, unwrap, type ResponseSchema } from './api-client.ts';

/**
 * Idempotency keys for calls that move money: a start that places a hold (a refuelling, a wash)
 * or a subscription's payment. One key is made per attempt, named by what the attempt is (the
 * station, the pump or bay, the product and how it is paid; the plan, card and interval), and
 * kept while its outcome is unknown, so pressing again after an unanswered request repeats it
 * instead of moving the money twice. A definite answer ends the attempt: the server keeps a
 * refusal under its key, and the next press is a new attempt.
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

  /** Ends the attempt, unless its outcome is unknown and the next try must reuse the key. */
  settle(scope: string, error: { statusCode: number } | null): void {
    if (error && outcomeUnknown(error.statusCode)) return;
    this.keys.delete(scope);
  }
}

/**
 * No answer (status 0), or a server failure that may have come after the hold or payment. A 503
 * is the card gateway not answering: the API tries such a payment again under the same key, and
 * finds a hold the gateway did make instead of making a second one.
 */
export function outcomeUnknown(statusCode: number): boolean {
  return statusCode === 0 || statusCode >= 500;
}

/** The keeper of the station flows' starts: an attempt outlives the screen it was made on. */
export const stationAttemptKeys = new AttemptKeys();

/**
 * POSTs `body` under its attempt's key: the body names the attempt, so the same order or purchase
 * pressed again after no answer repeats the first request, and a definite answer settles it.
 */
export async function postAttempt<T>(
  attempts: AttemptKeys,
  path: string,
  body: object,
  schema: ResponseSchema<T>,
): Promise<T> {
  const scope = JSON.stringify(body);
  const result = await apiRequest(path, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': attempts.keyFor(scope) },
    schema,
  });
  attempts.settle(scope, result[1]);
  return unwrap(Promise.resolve(result));
}
