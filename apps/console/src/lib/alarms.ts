import {
  alarmListSchema,
  alarmSchema,
  type Alarm,
  type AlarmCounts,
  type AlarmList,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { apiRequest, unwrap } from './api.ts';
import { useStaffNotices, type SocketStatus } from './staff-socket.ts';

export type { Alarm, AlarmCounts, AlarmList };

/** Alarms are pushed over the socket; this is the net under it, for a socket that is down. */
export const ALARMS_REFRESH_MS = 15_000;

export type AlarmView = 'open' | 'cleared';
const alarmsKey = (view: AlarmView) => ['admin', 'alarms', view] as const;

const fetchAlarms = (view: AlarmView, signal: AbortSignal) =>
  unwrap(apiRequest(`/admin/alarms?state=${view}`, { schema: alarmListSchema, signal }));

/** The open alarms (or those cleared this week) in the caller's stations, kept fresh. */
export function useAlarms(view: AlarmView, enabled = true) {
  return useQuery({
    queryKey: alarmsKey(view),
    queryFn: ({ signal }) => fetchAlarms(view, signal),
    enabled,
    refetchInterval: ALARMS_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/**
 * Reads the alarms again whenever the API says one of the caller's changed. The console's frame
 * holds it for the roles that see alarms, so the count beside the link is live on every screen.
 */
export function useAlarmSocket(enabled: boolean): SocketStatus {
  const client = useQueryClient();
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['admin', 'alarms'] });
  }, [client]);
  return useStaffNotices('alarm.changed', () => true, changed, enabled);
}

/** The frame's alarm socket, for the alarm screen to say whether it is live. */
export const AlarmSocketContext = createContext<SocketStatus>('connecting');
export const useAlarmSocketStatus = () => useContext(AlarmSocketContext);

export function useAcknowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        apiRequest(`/admin/alarms/${id}/acknowledgement`, { method: 'POST', schema: alarmSchema }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'alarms'] }),
  });
}

/**
 * Calls `sound` when an id appears that was not there before (an alarm nobody acknowledged, a
 * wash that stopped); what was there when the screen opened does not sound.
 */
export function useSoundOnNew(ids: readonly string[] | undefined, sound: () => void) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!ids) return;
    const first = seen.current === null;
    const fresh = ids.filter((id) => !seen.current?.has(id));
    seen.current = new Set([...(seen.current ?? []), ...ids]);
    if (!first && fresh.length > 0) sound();
  }, [ids, sound]);
}

/** The words that go into an alarm's text: its pump or bay, charger, connector, order. */
export function alarmParams(alarm: Alarm): Record<string, string> {
  const s = alarm.subject;
  return {
    point: String(s.point ?? ''),
    charger: s.charger ?? '',
    connector: String(s.connectorId ?? ''),
    order: String(s.orderNumber ?? ''),
    errorCode: s.errorCode ?? '',
  };
}
