import { stationLiveSchema, type StationLive } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, ApiRequestError, unwrap } from './api.ts';

export type { StationLive };
/** A live view as the API may send it: fields with a default may be left out. */
export type StationLiveInput = z.input<typeof stationLiveSchema>;
export type LivePump = StationLive['pumps'][number];
export type LiveBay = StationLive['bays'][number];
export type LiveMachine = StationLive['machines'][number];
/** What the forecourt controller reports of a pump. */
export type PumpState = LivePump['state'];
/** What the car-wash controller reports of a bay. */
export type BayState = LiveBay['state'];

/** How often the screen asks again: litres move about twice a second, two seconds is enough. */
export const LIVE_REFRESH_MS = 2000;

export const stationLiveKey = (id: number) => ['admin', 'stations', id, 'live'] as const;

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.apiError.statusCode === 404;

export function fetchStationLive(id: number, signal?: AbortSignal): Promise<StationLive> {
  return unwrap(
    apiRequest(`/admin/stations/${String(id)}/live`, {
      schema: stationLiveSchema,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const stationLiveQuery = (id: number) =>
  queryOptions({
    queryKey: stationLiveKey(id),
    queryFn: ({ signal }) => fetchStationLive(id, signal),
    // A station that is not there (or not the caller's) stays not found: no polling, no retry.
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : LIVE_REFRESH_MS),
    // A hidden tab asks nothing; coming back to it asks at once (refetchOnWindowFocus).
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

/** The station's pumps and bays with their transactions, asked again every two seconds. */
export const useStationLive = (id: number) => useQuery(stationLiveQuery(id));
