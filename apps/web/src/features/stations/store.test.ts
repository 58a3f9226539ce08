import type { Station } from '@stod/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';
import { useToastStore } from '@stod/ui/toast-store.ts';
import { refreshStations, useStationsStore } from './store.ts';

const station = (id: number, tokheim: string): Station => ({
  id,
  name: `Støð ${String(id)}`,
  address: 'Vegur 1',
  location: { lat: 62, lng: -7 },
  services: ['fuel'],
  tokheim_station_id: tokheim,
  openingHours: [null, null, null, null, null, null, null],
  products: [],
  pumps: [1],
  carwashBays: [],
});

const provider = (tokheim: string) => ({
  id: `MP-${tokheim}`,
  tokheim_station_id: tokheim,
  name: 'x',
  merchantId: 'M',
  appPaymentEnabled: true,
  acceptedCards: ['visa'],
});

type Answer = { status: number; body: unknown };

const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number): Answer => ({
  status,
  body: { statusCode: status, code: 'X', message: 'failed' },
});

/** The API as the refresh sees it, by path; records the paths asked for. */
function serve(answers: Record<string, Answer>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.replace(/^\/api/, '');
      asked.push(path);
      const answer = answers[path] ?? fail(404);
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return asked;
}

const list = ok({ items: [station(1, 'TK1'), station(2, 'TK2')], total: 2 });
const colors = ok({ items: [{ code: 'fuel', color: '#15803d' }] });
const beverages = ok({ items: [{ id: 1, beverage_family: 'COFFEE', name: 'Kaffi', price: 2500 }] });
const providerList = ok({ data: { items: [provider('TK1')] } });

function signIn(signedIn: boolean) {
  useSession.setState({ status: signedIn ? 'signedIn' : 'guest', token: signedIn ? 't' : null });
}

beforeEach(() => {
  queryClient.clear();
  useStationsStore.setState({ stations: [], productColors: [], beverages: [], status: 'idle' });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshStations (spec §4 "Station refresh order")', () => {
  it('loads only the stations for a guest on the web', async () => {
    signIn(false);
    const asked = serve({ '/stations/stod': list });
    await refreshStations();
    expect(asked).toEqual(['/stations/stod']);
    expect(useStationsStore.getState().stations.map((s) => s.id)).toEqual([1, 2]);
    expect(useStationsStore.getState().status).toBe('ready');
  });

  it('signed in: loads colours, beverages and the provider list, and merges mobypay_data', async () => {
    signIn(true);
    const asked = serve({
      '/stations/stod': list,
      '/stations/stod-product-colors': colors,
      '/stations/stod-beverages': beverages,
      '/stations': providerList,
    });
    await refreshStations();
    expect(asked[0]).toBe('/stations/stod');
    expect(asked.slice(1).sort()).toEqual([
      '/stations',
      '/stations/stod-beverages',
      '/stations/stod-product-colors',
    ]);
    const { stations, productColors, beverages: drinks } = useStationsStore.getState();
    expect(stations[0]?.mobypay_data?.id).toBe('MP-TK1');
    expect(stations[1]?.mobypay_data).toBeUndefined();
    expect(productColors).toHaveLength(1);
    expect(drinks).toHaveLength(1);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('stops the merge when the provider list fails, and tells a signed-in user', async () => {
    signIn(true);
    serve({
      '/stations/stod': list,
      '/stations/stod-product-colors': colors,
      '/stations/stod-beverages': beverages,
      '/stations': fail(503),
    });
    await refreshStations();
    const { stations, productColors } = useStationsStore.getState();
    expect(stations.map((s) => s.id)).toEqual([1, 2]);
    expect(stations.some((s) => s.mobypay_data)).toBe(false);
    expect(productColors).toHaveLength(1);
    expect(useToastStore.getState().toasts.map((t) => t.type)).toEqual(['error']);
  });

  it('ignores failing colours and beverages', async () => {
    signIn(true);
    serve({
      '/stations/stod': list,
      '/stations/stod-product-colors': fail(500),
      '/stations/stod-beverages': fail(500),
      '/stations': providerList,
    });
    await refreshStations();
    expect(useStationsStore.getState().stations[0]?.mobypay_data?.id).toBe('MP-TK1');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a failed list is an error state for a guest, without a toast', async () => {
    signIn(false);
    serve({ '/stations/stod': fail(500) });
    await refreshStations();
    expect(useStationsStore.getState().status).toBe('error');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a failed list keeps the stations it had, with a toast when signed in', async () => {
    signIn(true);
    serve({ '/stations/stod': list, '/stations': providerList });
    await refreshStations();
    serve({ '/stations/stod': fail(500) });
    await refreshStations();
    expect(useStationsStore.getState().stations).toHaveLength(2);
    expect(useStationsStore.getState().status).toBe('ready');
    expect(useToastStore.getState().toasts.map((t) => t.type)).toEqual(['error']);
  });
});
