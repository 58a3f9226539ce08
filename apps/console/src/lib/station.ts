import {
  adminStationSchema,
  pointServiceStateSchema,
  type AdminStation,
  type StationPointKind,
  type StationSettings,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, auditReasonHeader, unwrap } from './api.ts';

const stationSchema = adminStationSchema;
export type ConsoleStation = AdminStation;

/** One of the caller's stations: its name and services; another answers 404. */
export function fetchStation(id: number, signal?: AbortSignal): Promise<ConsoleStation> {
  return unwrap(
    apiRequest(`/admin/stations/${String(id)}`, {
      schema: stationSchema,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const useStation = (id: number, enabled = true) =>
  useQuery({
    queryKey: ['admin', 'stations', id, 'about'],
    queryFn: ({ signal }) => fetchStation(id, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });

const stationListSchema = z.object({ total: z.number(), items: z.array(stationSchema) });

/** The stations the caller works at, every one for an operator (26 in the network). */
export const useStationList = () =>
  useQuery({
    queryKey: ['admin', 'stations'],
    queryFn: ({ signal }) =>
      unwrap(apiRequest('/admin/stations?take=100', { schema: stationListSchema, signal })),
  });

/** Sets a station's opening hours or services, with a reason the audit log keeps. */
export function useStationSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ settings, reason }: { settings: StationSettings; reason: string }) =>
      unwrap(
        apiRequest(`/admin/stations/${String(id)}`, {
          method: 'PATCH',
          body: settings,
          headers: auditReasonHeader(reason),
          schema: stationSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'stations'] }),
  });
}

/**
 * Takes one pump, bay or coffee machine out of service or back; the station's other points stay
 * as they are, whoever else changes one meanwhile.
 */
export function usePointService(stationId: number, kind: StationPointKind, point: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outOfService: boolean) =>
      unwrap(
        apiRequest(
          `/admin/stations/${String(stationId)}/points/${kind}/${encodeURIComponent(point)}`,
          { method: 'PUT', body: { outOfService }, schema: pointServiceStateSchema },
        ),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'stations', stationId] }),
  });
}
