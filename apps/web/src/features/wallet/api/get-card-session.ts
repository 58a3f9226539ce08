import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap, type ApiResult } from '../../../lib/api-client.ts';
import { CARD_SESSION_MAX_POLLS, CARD_SESSION_POLL_MS } from '../card-session.ts';
import { cardSessionStatusSchema } from '../schemas.ts';

export type CardSessionStatus = z.output<typeof cardSessionStatusSchema>;

/** GET /api/payment-methods/sessions/{id}: asking also saves the card once it is complete. */
export function getCardSession(id: string, signal?: AbortSignal) {
  return apiRequest(`/payment-methods/sessions/${encodeURIComponent(id)}`, {
    schema: cardSessionStatusSchema,
    ...(signal ? { signal } : {}),
  });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * Asks until the session is no longer open, at most `attempts` times: the hosted page sends the
 * browser back as soon as the card is accepted, and the save may still be on its way.
 */
export async function waitForCardSession(
  id: string,
  attempts: number,
  signal?: AbortSignal,
): Promise<ApiResult<{ view: CardSessionStatus; polls: number }>> {
  for (let polls = 1; ; polls += 1) {
    const [view, error] = await getCardSession(id, signal);
    if (error) return [null, error];
    if (view.status !== 'open' || polls >= attempts) return [{ view, polls }, null];
    await sleep(CARD_SESSION_POLL_MS, signal);
  }
}

/** `returned`: the hosted page sent the browser back, so the card is on its way: wait for it. */
export const cardSessionQueryOptions = (id: string, returned: boolean) =>
  queryOptions({
    // Not under the list's key: refreshing the list must not ask the session again.
    queryKey: ['wallet', 'card-session', id, returned],
    queryFn: ({ signal }) =>
      unwrap(waitForCardSession(id, returned ? CARD_SESSION_MAX_POLLS : 1, signal)),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
