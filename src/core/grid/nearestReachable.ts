import type { Regions } from './Regions.ts';

const SQRT2_MINUS_1 = Math.SQRT2 - 1;

/**
 * The tiles a walker on cell `from` can reach that lie closest to cell `to`, written to `out` (cleared
 * first): `to` itself when reachable; otherwise, closest by octile distance (8 moves: the cost of the walk
 * on open ground) or Manhattan distance (4 moves), then by straight (Euclidean) distance. Tiles still tied
 * are all returned, in a fixed scan order, for the caller's path search to pick the shortest walk among.
 * Empty when `from` is blocked. Tiles `skip` says yes to are never picked in place of `to` (a map's exits).
 *
 * No path search: square rings outwards from `to`, clipped to the bounding box of what `from` reaches, each
 * tile tested with the region labels. A tile on ring r is at least r away (octile and Manhattan alike), so
 * the scan stops at the first ring beyond the best distance found: a click near the walker's region costs
 * a few rings, however large the map.
 *
 * Under octile distance the straight distance never splits a tie: octile = (M − m) + √2·m for the larger
 * and smaller offsets M, m, and √2 being irrational two offsets tie only when {M, m} match, which fixes the
 * straight distance too. Under Manhattan distance it does split them ((2, 0) against (1, 1)).
 */
export function nearestReachable(
  regions: Regions,
  from: number,
  to: number,
  moves: 8 | 4,
  out: number[],
  skip: ((cell: number) => boolean) | null = null,
): number[] {
  out.length = 0;
  const reach = regions.reachableFrom(from);
  const label = regions.label;
  if (reach[label[to]] === 1) {
    out.push(to);
    return out;
  }
  const x0 = regions.reachMinX;
  const y0 = regions.reachMinY;
  const x1 = regions.reachMaxX;
  const y1 = regions.reachMaxY;
  if (x1 < x0) return out;
  const w = regions.grid.width;
  const gx = to % w;
  const gy = (to - gx) / w;
  // Rings that miss the box hold nothing reachable: start at the first that meets it, end at the last.
  const first = Math.max(0, x0 - gx, gx - x1, y0 - gy, gy - y1);
  const last = Math.max(gx - x0, x1 - gx, gy - y0, y1 - gy);
  const octile = moves === 8;
  let best = Number.POSITIVE_INFINITY;
  let bestStraight = Number.POSITIVE_INFINITY;
  for (let r = first; r <= last && r <= best; r++) {
    const left = Math.max(gx - r, x0);
    const right = Math.min(gx + r, x1);
    const top = Math.max(gy - r + 1, y0);
    const bottom = Math.min(gy + r - 1, y1);
    // The ring's four sides, clipped to the box: rows above and below, then columns left and right.
    for (let side = 0; side < 4; side++) {
      let x: number;
      let y: number;
      let dx: number;
      let dy: number;
      let length: number;
      if (side < 2) {
        y = side === 0 ? gy - r : gy + r;
        if (y < y0 || y > y1 || (side === 1 && r === 0)) continue;
        x = left;
        dx = 1;
        dy = 0;
        length = right - left + 1;
      } else {
        x = side === 2 ? gx - r : gx + r;
        if (x < x0 || x > x1 || r === 0) continue;
        y = top;
        dx = 0;
        dy = 1;
        length = bottom - top + 1;
      }
      for (let k = 0; k < length; k++, x += dx, y += dy) {
        const c = y * w + x;
        if (reach[label[c]] !== 1 || skip?.(c)) continue;
        const ax = x > gx ? x - gx : gx - x;
        const ay = y > gy ? y - gy : gy - y;
        const d = octile ? (ax > ay ? ax + SQRT2_MINUS_1 * ay : ay + SQRT2_MINUS_1 * ax) : ax + ay;
        if (d > best) continue;
        const straight = ax * ax + ay * ay;
        if (d < best || straight < bestStraight) {
          best = d;
          bestStraight = straight;
          out.length = 0;
        } else if (straight > bestStraight) continue;
        out.push(c);
      }
    }
  }
  return out;
}
