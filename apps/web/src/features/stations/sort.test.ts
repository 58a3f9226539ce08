import type { Station, StationService } from '@stod/domain';
import { describe, expect, it } from 'vitest';
import { sortStations } from './sort.ts';

let nextId = 1;
function station(name: string, lat: number, lng: number, services: StationService[] = ['fuel']) {
  const id = nextId++;
  return {
    id,
    name,
    address: `${name} 1`,
    location: { lat, lng },
    services,
    tokheim_station_id: `TK${String(id)}`,
    openingHours: [null, null, null, null, null, null, null],
    products: services.map((service, i) => ({
      id: id * 10 + i,
      service,
      code: service,
      name: service,
      price: 1000,
      unit: 'item' as const,
      durationSeconds: null,
    })),
    pumps: [1],
    carwashBays: [],
  } satisfies Station;
}

const names = (list: readonly { name: string }[]) => list.map((s) => s.name);

describe('sortStations', () => {
  const vagur = station('Støð Vágur', 61.4734, -6.8077, ['fuel', 'carwash']);
  const eidi = station('Støð Eiði', 62.2993, -7.0921);
  const oyri = station('Støð Øravík', 61.53, -6.81, ['fuel', 'carwash', 'food']);
  const argir = station('Støð Argir', 61.9986, -6.7779, ['fuel', 'carwash']);
  const dalur = station('Støð Ðalur', 61.7, -6.8);
  const all = [vagur, eidi, oyri, argir, dalur];

  it('sorts by name in Faroese order: ð after d, ø after the Latin letters', () => {
    expect(names(sortStations(all, 'name', null))).toEqual([
      'Støð Argir',
      'Støð Ðalur',
      'Støð Eiði',
      'Støð Vágur',
      'Støð Øravík',
    ]);
  });

  it('sorts by distance from the position, nearest first', () => {
    const inArgir = { lat: 61.9986, lng: -6.7779 };
    expect(names(sortStations(all, 'distance', inArgir))).toEqual([
      'Støð Argir',
      'Støð Ðalur',
      'Støð Eiði',
      'Støð Øravík',
      'Støð Vágur',
    ]);
  });

  it('falls back to names when sorting by distance without a position', () => {
    expect(sortStations(all, 'distance', null)).toEqual(sortStations(all, 'name', null));
  });

  it('breaks distance ties by name', () => {
    const a = station('Støð B', 62, -7);
    const b = station('Støð A', 62, -7);
    expect(names(sortStations([a, b], 'distance', { lat: 62.1, lng: -7 }))).toEqual([
      'Støð A',
      'Støð B',
    ]);
  });

  it('sorts by services: most services first, then by name', () => {
    expect(names(sortStations(all, 'services', null))).toEqual([
      'Støð Øravík',
      'Støð Argir',
      'Støð Vágur',
      'Støð Ðalur',
      'Støð Eiði',
    ]);
  });

  it('leaves the input as it was', () => {
    const input = [vagur, eidi];
    sortStations(input, 'name', null);
    expect(input).toEqual([vagur, eidi]);
  });
});
