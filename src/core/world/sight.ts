import type { NavGrid } from '../grid/index.ts';

/**
 * Line of sight over the collision grid: true when the Bresenham line from (x0, y0) to (x1, y1) crosses only
 * walkable cells, and where it moves diagonally at least one of the two cells it squeezes between is walkable
 * (two walls meeting at a corner hide what is behind them). Characters do not block sight.
 */
export function lineOfSight(grid: NavGrid, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx - dy;
  let x = x0;
  let y = y0;
  while (x !== x1 || y !== y1) {
    const e2 = 2 * err;
    const stepX = e2 > -dy;
    const stepY = e2 < dx;
    if (stepX && stepY && !grid.isWalkable(x + sx, y) && !grid.isWalkable(x, y + sy)) return false;
    if (stepX) {
      err -= dy;
      x += sx;
    }
    if (stepY) {
      err += dx;
      y += sy;
    }
    if (!grid.isWalkable(x, y)) return false;
  }
  return true;
}

/** Straight-line distance in tiles. */
export function tileDistance(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  return Math.sqrt(dx * dx + dy * dy);
}
