/**
 * Headless world runner, for checking and tuning:
 *   npm run --silent sim -- --map FILE --enemies N --ticks T --seed S [--aggro R] [--trace FILE]
 * FILE is a Tiled map (.tmj/.json) or a Moving AI grid (.map). The player wanders (seeded: every few seconds
 * it is sent to a random tile it can reach); `--enemies N` places exactly N enemies, the map's enemy spawns
 * first, then seeded random free tiles. Prints one JSON summary line; `--trace` writes the run as JSON Lines
 * (the format `check-trace` reads). Bad arguments or files: one sentence on stderr, exit code 1.
 */
import { performance } from 'node:perf_hooks';
import type { NavGrid } from '../src/core/grid/NavGrid.ts';
import { loadTiledMap } from '../src/core/tiled/loadTiledMap.ts';
import { populate, type SpawnPoint } from '../src/core/world/populate.ts';
import { Rng } from '../src/core/world/rng.ts';
import { traceHeader, traceLine } from '../src/core/world/trace.ts';
import { World } from '../src/core/world/World.ts';
import { LineWriter } from './lib/LineWriter.ts';
import { parseMap } from './movingai.ts';
import { readTextFile, readTextFileSync } from './node-reader.ts';

const USAGE =
  'usage: npm run --silent sim -- --map FILE --enemies N --ticks T --seed S [--aggro R] [--tick-hz 20|30] [--trace FILE]';

class UsageError extends Error {}

interface Args {
  map: string;
  enemies?: number;
  ticks: number;
  seed: number;
  aggro?: number;
  tickHz: number;
  trace?: string;
}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!['--map', '--enemies', '--ticks', '--seed', '--aggro', '--trace', '--tick-hz'].includes(flag)) {
      throw new UsageError(`unknown argument "${flag}" (${USAGE}).`);
    }
    const value = argv[++i];
    if (value === undefined || value.startsWith('--'))
      throw new UsageError(`${flag} needs a value (${USAGE}).`);
    values.set(flag, value);
  }
  const map = values.get('--map');
  if (!map) throw new UsageError(`--map FILE is required (${USAGE}).`);
  const int = (flag: string, fallback: number | undefined, min: number): number | undefined => {
    const v = values.get(flag);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min) {
      throw new UsageError(`${flag} must be a whole number ≥ ${min}, got "${v}".`);
    }
    return n;
  };
  const aggroText = values.get('--aggro');
  const aggro = aggroText === undefined ? undefined : Number(aggroText);
  if (aggro !== undefined && !(aggro >= 0 && Number.isFinite(aggro))) {
    throw new UsageError(`--aggro must be a number of tiles ≥ 0, got "${aggroText}".`);
  }
  const tickHz = int('--tick-hz', 20, 1)!;
  if (tickHz !== 20 && tickHz !== 30) throw new UsageError(`--tick-hz must be 20 or 30, got ${tickHz}.`);
  return {
    map,
    enemies: int('--enemies', undefined, 0),
    ticks: int('--ticks', 2000, 1)!,
    seed: int('--seed', 1, -2147483648)!,
    aggro,
    tickHz,
    trace: values.get('--trace'),
  };
}

async function loadMap(file: string): Promise<{ grid: NavGrid; spawns: SpawnPoint[] }> {
  if (file.endsWith('.map')) {
    let text: string;
    try {
      text = readTextFileSync(file);
    } catch (e) {
      throw new UsageError(
        `${file}: the map cannot be read (${e instanceof Error ? e.message : String(e)}).`,
      );
    }
    return { grid: parseMap(text, file), spawns: [] };
  }
  const map = await loadTiledMap(file, readTextFile);
  return { grid: map.nav, spawns: map.spawns };
}

/** Seeded player wandering: every 3–6 seconds, off to a random tile it can reach. */
class WanderingPlayer {
  private readonly rng: Rng;
  private readonly reachable: number[] = [];
  private nextTick = 0;

  constructor(
    private readonly world: World,
    seed: number,
  ) {
    this.rng = new Rng(seed ^ 0x5eed_1e55);
    const p = world.player!;
    const dist = new Float64Array(world.grid.size);
    world.planner.distanceField(p.cell, dist);
    for (let i = 0; i < dist.length; i++)
      if (dist[i] < Number.POSITIVE_INFINITY && i !== p.cell) this.reachable.push(i);
  }

  beforeTick(t: number): void {
    if (t < this.nextTick || this.reachable.length === 0) return;
    const hz = this.world.tickHz;
    this.nextTick = t + this.rng.range(3 * hz, 6 * hz);
    const cell = this.reachable[this.rng.int(this.reachable.length)];
    const w = this.world.grid.width;
    const p = this.world.player!;
    const x = cell % w;
    const y = (cell - x) / w;
    // A tile held by an enemy would mean "attack it": the wandering player only walks.
    if (this.world.grid.occupant[cell] !== 0) return;
    this.world.moveTo(p.id, x, y);
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const { grid, spawns } = await loadMap(args.map);
  const world = new World(grid, { seed: args.seed, tickHz: args.tickHz });
  populate(world, spawns, { enemies: args.enemies, aggro: args.aggro });
  const player = new WanderingPlayer(world, args.seed);
  const trace = args.trace
    ? new LineWriter(args.trace, (f) => new UsageError(`${f}: the trace file cannot be written.`))
    : null;
  trace?.line(traceHeader(world));
  const tickMs = new Float64Array(args.ticks);
  const start = performance.now();
  for (let t = 0; t < args.ticks; t++) {
    player.beforeTick(world.tick);
    const t0 = performance.now();
    world.step();
    tickMs[t] = performance.now() - t0;
    if (trace) {
      for (let i = 0; i < world.events.count; i++) {
        const line = traceLine(world.events.at(i));
        if (line) trace.line(line);
      }
    }
  }
  const wallMs = performance.now() - start;
  trace?.close();
  tickMs.sort();
  const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
  const summary = {
    ticks: args.ticks,
    tickHz: world.tickHz,
    wallMs: round(wallMs, 1),
    ticksPerSec: round((args.ticks / wallMs) * 1000, 1),
    steps: world.steps,
    catches: world.catches,
    pathRequests: world.scheduler.requests,
    expansions: world.scheduler.expansions,
    tickMsP99: round(tickMs[Math.min(tickMs.length - 1, Math.floor(tickMs.length * 0.99))], 3),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    // Every fault a user can cause is one sentence; anything else is still one line, never a stack.
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${message.endsWith('.') ? message : `${message}.`}\n`);
    process.exit(1);
  },
);
