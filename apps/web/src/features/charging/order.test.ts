import { describe, expect, it } from 'vitest';
import { testInstallation } from '../../lib/charge-fixtures.ts';
import { installationDistance, orderInstallations } from './order.ts';

const at = (name: string, lat: number, lng: number, free: number, own = false) =>
  testInstallation({
    id: name,
    name,
    lat,
    lng,
    connectorsFree: free,
    access: own ? 'own' : 'public',
  });

const home = at('Heima', 62.3, -6.6, 0, true);
const farFree = at('Ladistøð Klaksvík', 62.2262, -6.589, 2);
const nearFree = at('Ladistøð Hoyvík', 62.0275, -6.7634, 1);
const nearBusy = at('Ladistøð Argir', 61.9989, -6.7719, 0);
const torshavn = { lat: 62.0107, lng: -6.7741 };
const names = (list: { name: string }[]) => list.map((i) => i.name);

describe('orderInstallations', () => {
  it('puts the own first, then the free ones nearest first, then the busy ones', () => {
    expect(names(orderInstallations([nearBusy, farFree, home, nearFree], torshavn, false))).toEqual(
      ['Heima', 'Ladistøð Hoyvík', 'Ladistøð Klaksvík', 'Ladistøð Argir'],
    );
  });

  it('puts the starred ones after the own, free or not', () => {
    expect(
      names(
        orderInstallations([nearFree, farFree, home, nearBusy], torshavn, false, [
          'Ladistøð Argir',
        ]),
      ),
    ).toEqual(['Heima', 'Ladistøð Argir', 'Ladistøð Hoyvík', 'Ladistøð Klaksvík']);
  });

  it('orders by name in Faroese without a position', () => {
    const b = at('Ladistøð Øravík', 61.5, -6.8, 1);
    const a = at('Ladistøð Vágur', 61.47, -6.8, 1);
    expect(names(orderInstallations([b, farFree, a, nearFree], null, false))).toEqual([
      'Ladistøð Hoyvík',
      'Ladistøð Klaksvík',
      'Ladistøð Vágur',
      'Ladistøð Øravík',
    ]);
  });

  it('leaves only those with a connector free now, the own too when free', () => {
    const ownFree = at('Heima', 62.3, -6.6, 1, true);
    expect(names(orderInstallations([nearBusy, home, farFree, ownFree], torshavn, true))).toEqual([
      'Heima',
      'Ladistøð Klaksvík',
    ]);
  });

  it('says how far one is only with a position', () => {
    expect(installationDistance(nearFree, null)).toBeNull();
    expect(installationDistance(nearFree, torshavn)).toBeCloseTo(1.9, 0);
  });
});
