import { describe, expect, it } from 'vitest';
import { MenuUnavailableError } from './port.ts';
import { menuSim } from './sim.ts';

const station = (id: number) => ({ id, tokheimStationId: `TOK-${String(id)}` });

describe('the simulated ERP’s menus', () => {
  it('serves a menu only where there is a kitchen, the same version while nothing changes', async () => {
    const sim = menuSim({
      latencyMs: 0,
      failureRate: 0,
      kitchens: (s) => Promise.resolve(s.id !== 2),
    });
    const menu = await sim.menuOf(station(1));
    expect(menu?.products.length).toBeGreaterThan(5);
    expect((await sim.menuOf(station(1)))?.version).toBe(menu?.version);
    expect(await sim.menuOf(station(2))).toBeNull();
  });

  it('changes the version when a product sells out, and the offers that need it', async () => {
    const sim = menuSim({ latencyMs: 0, failureRate: 0, kitchens: () => Promise.resolve(true) });
    const before = await sim.menuOf(station(7));
    sim.setAvailable(7, 'pylsa', false);
    const after = await sim.menuOf(station(7));
    expect(after?.version).not.toBe(before?.version);
    expect(after?.products.find((p) => p.id === 'pylsa')?.available).toBe(false);
    expect(after?.offers.find((o) => o.id === 'pylsutilbod')?.available).toBe(false);
    expect(after?.offers.find((o) => o.id === 'burgaratilbod')?.available).toBe(true);
  });

  it('fails as a remote ERP does', async () => {
    const sim = menuSim({
      latencyMs: 0,
      failureRate: 1,
      kitchens: () => Promise.resolve(true),
    });
    await expect(sim.menuOf(station(1))).rejects.toBeInstanceOf(MenuUnavailableError);
  });
});
