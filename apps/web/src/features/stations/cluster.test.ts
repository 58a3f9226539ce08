import { describe, expect, it } from 'vitest';
import { clusterByDistance, type Point } from './cluster.ts';

const at = (p: Point) => p;

describe('clusterByDistance', () => {
  it('keeps items far apart on their own', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: 0, y: 50 },
    ];
    expect(clusterByDistance(points, at, 44)).toEqual(points.map((p) => [p]));
  });

  it('groups items closer than the distance to the first of a group', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 10 };
    const c = { x: 100, y: 0 };
    const d = { x: 120, y: 5 };
    expect(clusterByDistance([a, b, c, d], at, 44)).toEqual([
      [a, b],
      [c, d],
    ]);
  });

  it('leaves the first items of any two groups at least the distance apart', () => {
    const points = Array.from({ length: 200 }, (_, i) => ({
      x: (i * 37) % 300,
      y: (i * 53) % 500,
    }));
    const firsts = clusterByDistance(points, at, 44).map((g) => g[0]!);
    for (const p of firsts) {
      for (const q of firsts) {
        if (p !== q) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(44);
      }
    }
    expect(clusterByDistance(points, at, 44).flat()).toHaveLength(points.length);
  });
});
