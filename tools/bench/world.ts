/**
 * World benchmark (npm run bench): ticks per second and tick time percentiles with 100, 500 and 1,000
 * enemies all chasing a wandering player on the 256 × 256 field (maps/field.tmj), on this machine.
 * Figures are printed, never asserted. Every enemy gets an aggro radius wider than the map, so the whole
 * crowd chases from the first ticks; the player is sent to a seeded random reachable tile every 3–6 s.
 */
import { performance } from 'node:perf_hooks';
import { Rng, worldForMap } from '../../src/core/world/index.ts';
import { loadMapFile } from '../lib/node-reader.ts';

const MAP = 'maps/field.tmj';
const WARMUP = 100;
const TICKS = 1200;

async function run(enemies: number): Promise<Record<string, number>> {
  const map = await loadMapFile(MAP);
  // The map's world as the game builds it, with a leash wider than the map too, so they chase for the whole run;
  // the player does not die here, so the crowd keeps chasing (no return-home waves in the figures).
  const world = worldForMap(map, {
    seed: 42,
    enemies,
    aggro: 1000,
    leash: 1000,
    hp: Number.MAX_SAFE_INTEGER,
  });
  const p = world.player!;
  const reach = new Float64Array(map.nav.size);
  world.planner.distanceField(p.cell, reach);
  const cells: number[] = [];
  for (let i = 0; i < reach.length; i++) if (reach[i] < Number.POSITIVE_INFINITY) cells.push(i);
  const rng = new Rng(7);
  let next = 0;
  const times = new Float64Array(TICKS);
  let chasing = 0;
  const before = world.scheduler.expansions;
  for (let t = 0; t < WARMUP + TICKS; t++) {
    if (t >= next) {
      next = t + rng.range(60, 120);
      const cell = cells[rng.int(cells.length)];
      if (map.nav.occupant[cell] === 0) world.moveTo(p.id, cell % map.width, Math.floor(cell / map.width));
    }
    const t0 = performance.now();
    world.step();
    const dt = performance.now() - t0;
    if (t >= WARMUP) {
      times[t - WARMUP] = dt;
      chasing += world.stats.chasing;
    }
  }
  const total = times.reduce((a, b) => a + b, 0);
  const sorted = times.slice().sort();
  const pct = (q: number) => sorted[Math.min(TICKS - 1, Math.floor(TICKS * q))];
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return {
    enemies,
    avgChasing: Math.round(chasing / TICKS),
    ticksPerSec: Math.round((TICKS / total) * 1000),
    tickMsMean: r(total / TICKS),
    tickMsP50: r(pct(0.5)),
    tickMsP99: r(pct(0.99)),
    tickMsMax: r(sorted[TICKS - 1]),
    expansionsPerTick: Math.round((world.scheduler.expansions - before) / (WARMUP + TICKS)),
    catches: world.stats.catches,
  };
}

async function main(): Promise<void> {
  console.log(
    `world bench: ${MAP}, ${TICKS} ticks after ${WARMUP} warm-up, everyone chasing a wandering player`,
  );
  for (const n of [100, 500, 1000]) console.log(JSON.stringify(await run(n)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
