/**
 * Click benchmark: `npm run --silent bench:click [-- MAP]` (default maps/field.tmj). What a click or a hover on
 * a tile the player cannot stand on costs: the hover preview (`world.preview`) and a click (`moveTo`, then
 * the tick that serves it), over seeded samples of water (blocked tiles ringed by blocked tiles) and of any
 * blocked tile. Prints one line per sample set: median, p95 and worst milliseconds, and the mean nodes the
 * planner expanded. Figures are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { Rng, worldForMap } from '../../src/core/world/index.ts';
import { loadMapFile } from '../lib/node-reader.ts';

const SAMPLES = 200;
const ROUNDS = 3;

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

async function main(file: string): Promise<void> {
  const map = await loadMapFile(file);
  const grid = map.nav;
  const w = grid.width;
  const water: number[] = [];
  const blocked: number[] = [];
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < w; x++) {
      if (grid.isWalkable(x, y)) continue;
      blocked.push(y * w + x);
      let open = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) open += grid.isWalkable(x + dx, y + dy) ? 1 : 0;
      if (open === 0) water.push(y * w + x);
    }
  }
  const rng = new Rng(11);
  const pick = (from: number[]) =>
    Array.from({ length: Math.min(SAMPLES, from.length) }, () => from[rng.int(from.length)]);
  const open: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.walkable[i] === 1) open.push(i);
  const sets: [string, number[]][] = [
    ['water', pick(water)],
    ['blocked', pick(blocked)],
    // The reference: what an ordinary click on a walkable tile of the same map costs.
    ['walkable', pick(open)],
  ];
  console.log(
    `${file}: ${grid.width}×${grid.height}, ${blocked.length} blocked tiles (${water.length} water)`,
  );
  for (const [name, cells] of sets) {
    for (const kind of ['hover', 'click'] as const) {
      // A fresh map each time: a world holds its characters' tiles in the grid.
      const fresh = await loadMapFile(file);
      const world = worldForMap(fresh, { seed: 1, enemies: 0 });
      const p = world.player!;
      // The region labels are built on the first click after a map change: timed apart, then warm.
      const t0 = performance.now();
      world.regions.refresh();
      const labelMs = performance.now() - t0;
      const times = new Float64Array(cells.length * ROUNDS);
      const probe = new Int32Array(1);
      let expanded = 0;
      for (let r = 0; r < ROUNDS; r++) {
        for (let k = 0; k < cells.length; k++) {
          const c = cells[k];
          const t0 = performance.now();
          if (kind === 'hover') {
            world.preview(p.id, c % w, (c - (c % w)) / w);
            times[r * cells.length + k] = performance.now() - t0;
            expanded += world.planner.lastExpanded(probe);
          } else {
            const before = world.scheduler.expansions;
            world.moveTo(p.id, c % w, (c - (c % w)) / w);
            world.step();
            times[r * cells.length + k] = performance.now() - t0;
            expanded += world.scheduler.expansions - before;
          }
        }
      }
      times.sort();
      const f = (v: number) => v.toFixed(3);
      console.log(
        `${name.padEnd(8)} ${kind}: median ${f(percentile(times, 0.5))} ms, p95 ${f(percentile(times, 0.95))} ms, ` +
          `worst ${f(times[times.length - 1])} ms, mean expanded ${Math.round(expanded / times.length)} ` +
          `(labels built in ${f(labelMs)} ms)`,
      );
    }
  }
}

main(process.argv[2] ?? 'maps/field.tmj').catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
