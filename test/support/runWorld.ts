import type { NavGrid } from '../../src/core/grid/index.ts';
import type { World } from '../../src/core/world/index.ts';
import { traceHeader, traceLine } from '../../src/core/world/index.ts';

/** Runs `ticks` ticks, collecting the trace lines; `each` runs before every tick (to send commands). */
export function runTrace(world: World, ticks: number, each?: (t: number) => void): string[] {
  const lines = [traceHeader(world)];
  for (let t = 0; t < ticks; t++) {
    each?.(world.tick);
    world.step();
    for (let i = 0; i < world.events.count; i++) {
      const line = traceLine(world.events.at(i));
      if (line) lines.push(line);
    }
  }
  return lines;
}

/** The grid as the checker reads it: '.' walkable, '#' blocked. */
export function gridRows(grid: NavGrid): string[] {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) row += grid.isWalkable(x, y) ? '.' : '#';
    rows.push(row);
  }
  return rows;
}
