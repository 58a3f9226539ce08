import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from './api.ts';

const stationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  services: z.array(z.string()),
});
export type ConsoleStation = z.infer<typeof stationSchema>;

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
