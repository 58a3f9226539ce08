import {
  mergeProviderData,
  type beverageSchema,
  type MergedStation,
  type productColorSchema,
  type Station,
} from '@stod/domain';
import i18next from 'i18next';
import type { z } from 'zod';
import { create } from 'zustand';
import { queryClient } from '../../lib/query-client.ts';
import { isSignedIn } from '../../lib/session.ts';
import { isNativePlatform } from '../../platform/capacitor.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { beveragesQueryOptions } from './api/get-beverages.ts';
import { productColorsQueryOptions } from './api/get-product-colors.ts';
import { providerStationsQueryOptions } from './api/get-provider-stations.ts';
import { stationsQueryOptions } from '../../lib/stations-query.ts';

export type ProductColor = z.infer<typeof productColorSchema>;
export type Beverage = z.infer<typeof beverageSchema>;

/** 'error' only when there is nothing to show: a failed refresh keeps the stations it had. */
export type StationsStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Spec §3 "Station store": stations (with mobypay_data once merged), productColors, beverages. */
interface StationsState {
  stations: MergedStation[];
  productColors: ProductColor[];
  beverages: Beverage[];
  status: StationsStatus;
}

export const useStationsStore = create<StationsState>(() => ({
  stations: [],
  productColors: [],
  beverages: [],
  status: 'idle',
}));

function failed(): void {
  // Spec §8: the toast only for a signed-in user; a guest sees the list's own error state.
  if (isSignedIn()) showToast('error', i18next.t('error.fetchStations'));
}

/** Spec §4 "Station refresh order". */
async function refresh(): Promise<void> {
  const signedIn = isSignedIn();
  useStationsStore.setState((s) => ({ status: s.stations.length > 0 ? s.status : 'loading' }));

  // 1. The stations list.
  let stations: Station[];
  try {
    stations = (await queryClient.query(stationsQueryOptions())).items;
  } catch {
    useStationsStore.setState((s) => ({ status: s.stations.length > 0 ? 'ready' : 'error' }));
    failed();
    return;
  }
  const previous = useStationsStore.getState().stations;
  // Keep the provider data merged last time until the new merge lands, so nothing flickers.
  const provider = previous.flatMap((s) => (s.mobypay_data ? [s.mobypay_data] : []));
  useStationsStore.setState({ stations: mergeProviderData(stations, provider), status: 'ready' });

  // 2. Signed in or on native: the colours, the beverages and the provider's stations.
  if (!signedIn && !isNativePlatform()) return;
  const [colors, beverages, providerList] = await Promise.allSettled([
    queryClient.query(productColorsQueryOptions()),
    queryClient.query(beveragesQueryOptions()),
    queryClient.query(providerStationsQueryOptions()),
  ]);
  // Colour and beverage failures are ignored (spec §8).
  if (colors.status === 'fulfilled')
    useStationsStore.setState({ productColors: colors.value.items });
  if (beverages.status === 'fulfilled') {
    useStationsStore.setState({ beverages: beverages.value.items });
  }
  // The merge stops when the provider's list fails: the stations stay as loaded.
  if (providerList.status === 'rejected') {
    useStationsStore.setState({ stations });
    failed();
    return;
  }
  // 3. Merge the provider's data into mobypay_data by the pump-system id.
  useStationsStore.setState({
    stations: mergeProviderData(stations, providerList.value.data.items),
  });
}

let running: Promise<void> | null = null;

/** Refreshes the station store; calls while one runs share it. */
export function refreshStations(): Promise<void> {
  running ??= refresh().finally(() => {
    running = null;
  });
  return running;
}

/** The stations, loading them first when the store is still empty. */
export async function ensureStations(): Promise<MergedStation[]> {
  if (useStationsStore.getState().stations.length === 0) await refreshStations();
  return useStationsStore.getState().stations;
}

export function useStationById(id: number | null): MergedStation | undefined {
  return useStationsStore((s) => (id === null ? undefined : s.stations.find((x) => x.id === id)));
}
