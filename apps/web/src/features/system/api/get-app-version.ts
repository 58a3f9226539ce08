import { appVersionResponseSchema, type AppPlatform } from '@stod/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export function getAppVersion(platform: AppPlatform, version: string) {
  const query = new URLSearchParams({ platform, version });
  return apiRequest(`/app-version?${query.toString()}`, { schema: appVersionResponseSchema });
}

export const appVersionQueryOptions = (platform: AppPlatform, version: string) =>
  queryOptions({
    queryKey: ['system', 'app-version', platform, version],
    queryFn: () => unwrap(getAppVersion(platform, version)),
    staleTime: 0,
    retry: false,
  });
