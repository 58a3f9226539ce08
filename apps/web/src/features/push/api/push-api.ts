import {
  pushDeviceSchema,
  pushPreferencesSchema,
  type DeviceTokenInput,
  type PushPreferences,
  type PushPreferencesPatch,
} from '@stod/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** POST /api/push-notifications/tokens: this device, for this session (spec §7). */
export const registerPushToken = (body: DeviceTokenInput) =>
  apiRequest('/push-notifications/tokens', { method: 'POST', body, schema: pushDeviceSchema });

/** DELETE /api/push-notifications/tokens/{id}. */
export const deletePushToken = (id: string) =>
  apiRequest(`/push-notifications/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The server's VAPID key for the browser's subscription (null: no Web Push on this server). */
export const getWebPushKey = () =>
  apiRequest('/push-notifications/web-key', {
    schema: z.object({ publicKey: z.string().nullable() }),
  });

const preferencesKey = ['push-preferences'] as const;

export const pushPreferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ signal }) =>
    unwrap(
      apiRequest('/push-notifications/preferences', { schema: pushPreferencesSchema, signal }),
    ),
});

export const usePushPreferences = () => useQuery(pushPreferencesQuery);

/** Switches one kind; the list shows the change at once and goes back if the server refuses. */
export function useSetPushPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PushPreferencesPatch) =>
      unwrap(
        apiRequest('/push-notifications/preferences', {
          method: 'PATCH',
          body: patch,
          schema: pushPreferencesSchema,
        }),
      ),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: preferencesKey });
      const before = client.getQueryData<PushPreferences>(preferencesKey);
      if (before) client.setQueryData(preferencesKey, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) client.setQueryData(preferencesKey, context.before);
    },
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
