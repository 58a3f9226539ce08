import { activeCampaignsSchema, type Locale } from '@stod/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/campaigns/active: the campaigns shown now, in the server's order. */
export function getActiveCampaigns(signal?: AbortSignal) {
  return apiRequest('/campaigns/active', {
    schema: activeCampaignsSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Titles and texts come in the language of the request, so each language is an answer of its
 * own. Asked afresh at each check (startup, the app becoming active): an operator's new or ended
 * campaign shows at the next one.
 */
export const activeCampaignsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['campaigns', 'active', locale],
    queryFn: ({ signal }) => unwrap(getActiveCampaigns(signal)),
    staleTime: 0,
    retry: false,
  });
