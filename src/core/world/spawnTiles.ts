import type { NavGrid } from '../grid/index.ts';

/**
 * The free walkable tile nearest `cell` (itself when free), searching square rings outwards; -1 when the
 * map has none (`fits` narrows the tiles it may be). Respawns land here: a tile nobody holds, never a step.
 */
export function nearestFreeTile(
  grid: NavGrid,
  cell: number,
  fits: (x: number, y: number) => boolean = () => true,
): number {
  const w = grid.width;
  const cx = cell % w;
  const cy = (cell - cx) / w;
  const maxR = Math.max(w, grid.height);
  for (let r = 0; r <= maxR; r++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r || !grid.isWalkable(x, y)) continue;
        const i = y * w + x;
        if (grid.occupant[i] !== 0 || !fits(x, y)) continue;
        const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}
