import {
  appVersionAdminSchema,
  maintenanceAdminSchema,
  type AppVersionAdmin,
  type AppVersionSetting,
  type MaintenanceAdmin,
  type MaintenanceSettingInput,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from './api.ts';

export type { AppVersionAdmin, MaintenanceAdmin };

const maintenanceKey = ['admin', 'maintenance'] as const;
const versionsKey = ['admin', 'app-versions'] as const;
const versionsSchema = z.array(appVersionAdminSchema);

export const useMaintenance = () =>
  useQuery({
    queryKey: maintenanceKey,
    queryFn: ({ signal }) =>
      unwrap(apiRequest('/admin/maintenance', { schema: maintenanceAdminSchema, signal })),
    staleTime: 0,
  });

export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceSettingInput) =>
      unwrap(
        apiRequest('/admin/maintenance', { method: 'PUT', body, schema: maintenanceAdminSchema }),
      ),
    onSuccess: (saved) => client.setQueryData(maintenanceKey, saved),
  });
}

export const useAppVersions = () =>
  useQuery({
    queryKey: versionsKey,
    queryFn: ({ signal }) =>
      unwrap(apiRequest('/admin/app-versions', { schema: versionsSchema, signal })),
    staleTime: 0,
  });

export function useSetAppVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppVersionSetting) =>
      unwrap(apiRequest('/admin/app-versions', { method: 'PUT', body, schema: versionsSchema })),
    onSuccess: (saved) => client.setQueryData(versionsKey, saved),
  });
}
