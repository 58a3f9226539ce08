export interface Point {
  x: number;
  y: number;
}

/**
 * Groups items whose screen points lie closer than `minPx` to a group's first item, in the
 * order given. The first items of any two groups are at least `minPx` apart, so map targets of
 * that size never overlap.
 */
export function clusterByDistance<T>(
  items: readonly T[],
  point: (item: T) => Point,
  minPx: number,
): T[][] {
  const groups: { at: Point; members: T[] }[] = [];
  for (const item of items) {
    const p = point(item);
    const near = groups.find((g) => Math.hypot(g.at.x - p.x, g.at.y - p.y) < minPx);
    if (near) near.members.push(item);
    else groups.push({ at: p, members: [item] });
  }
  return groups.map((g) => g.members);
}
