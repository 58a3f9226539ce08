import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Charge } from '@stod/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  CHARGE_LOOKUP_MS,
  chargeOfEvent,
  chargeQueryKey,
  chargeQueryOptions,
  isChargeRunning,
  noteCharge,
  storeCharge,
  useActiveCharge,
} from '../../lib/charge-query.ts';
import { forgetCharge, readSavedChargeId, rememberCharge } from '../../lib/charge-saved.ts';
import { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime.ts';

/** While the socket is up the charge still is asked for now and then, should an event be lost. */
const CONNECTED_LOOKUP_MS = 5000;

/** The navigation state that names the charge a screen follows. */
export interface ChargeFollowState {
  chargeId: string;
}

export function chargeIdFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('chargeId' in state)) return null;
  return typeof state.chargeId === 'string' ? state.chargeId : null;
}

/**
 * One charge, live (spec §4 "Charge"): each socket event named by its id replaces it; without a
 * socket it is looked up once a second (spec §9). Its id is kept on the device with each update
 * while it runs, and removed once it is over. `onUpdate` hears each newer view as it comes.
 */
export function useLiveCharge(id: string | null, onUpdate?: (charge: Charge) => void) {
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });

  // Each event is one update (spec §4): two that come at once are each seen, not only the last.
  useRealtimeEvent('charge.changed', (object, eventId) => {
    if (id === null || eventId !== id) return;
    const charge = chargeOfEvent(object);
    if (charge?.id === id && storeCharge(queryClient, charge)) latest.current?.(charge);
  });

  const query = useQuery({
    ...chargeQueryOptions(queryClient, id ?? ''),
    enabled: id !== null,
    refetchInterval: (q) => {
      const charge = q.state.data;
      if (charge && !isChargeRunning(charge)) return false;
      return connected ? CONNECTED_LOOKUP_MS : CHARGE_LOOKUP_MS;
    },
  });

  // Changes made while the socket was away are read once it is back.
  useEffect(() => {
    if (connected && id !== null) {
      void queryClient.invalidateQueries({ queryKey: chargeQueryKey(id) });
    }
  }, [connected, id, queryClient]);

  const charge = query.data;
  useEffect(() => {
    if (!charge) return;
    noteCharge(charge);
    if (isChargeRunning(charge)) void rememberCharge(charge.id);
    else void forgetCharge(charge.id);
    // A lookup's answer (or the first one) is an update too.
    latest.current?.(charge);
  }, [charge]);

  return query;
}

/**
 * The charge the charge screen and the unavailable screen show for an installation, found as the
 * spec's resume has it: the one the app just opened (navigation state, which a reload keeps),
 * else the user's active charge here, else the one the device kept (when it is at this
 * installation). Once over, it stays on screen.
 */
export function useFollowedCharge(installationId: string, onUpdate?: (charge: Charge) => void) {
  const fromState = chargeIdFromState(useLocation().state);
  const active = useActiveCharge();
  const saved = useQuery({
    queryKey: ['device', 'saved-charge'],
    queryFn: readSavedChargeId,
    staleTime: 0,
    gcTime: 0,
  });
  const activeHere =
    active.data && active.data.installationId === installationId ? active.data.id : null;
  // Another installation's running charge is not this screen's to show.
  const activeElsewhere = active.data ? active.data.installationId !== installationId : false;
  const savedHere = activeElsewhere ? null : (saved.data ?? null);
  const found = fromState ?? activeHere ?? savedHere;
  const [kept, setKept] = useState(found);
  if (found !== null && found !== kept) setKept(found);
  const id = found ?? kept;
  const pending = id === null && (active.isPending || saved.isPending);

  const live = useLiveCharge(id, (charge) => {
    if (charge.installationId === installationId) onUpdate?.(charge);
  });
  // A saved id may name a charge at another installation.
  const charge = live.data?.installationId === installationId ? live.data : null;
  return { id, pending, live, charge };
}
