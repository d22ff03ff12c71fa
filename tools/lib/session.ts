/**
 * A headless play session, as `sim` runs it and bench:game logs it: a map, the player wandering (seeded:
 * every 3–6 seconds it is sent to a random tile it can reach) and exactly N enemies, for T fixed ticks. The
 * world is built as the game builds it (`worldForMap`): the map's exits with their toll, its safe radius, its
 * respawn time and its moves.
 */
import { performance } from 'node:perf_hooks';
import { type MapForWorld, Rng, type World, worldForMap } from '../../src/core/world/index.ts';
import { MovingAiError, parseMap } from './movingai.ts';
import { loadMapFile, readTextFileSync } from './node-reader.ts';

export interface SessionOptions {
  enemies?: number;
  ticks: number;
  seed: number;
  aggro?: number;
  tickHz: number;
  /** 8 or 4 moves; undefined: the map's (`moves` property of a Tiled map, else 8). */
  moves?: 8 | 4;
}

/** A map a session plays: its grid, spawns and the rules it sets (exits, moves, respawn, safe radius). */
export type SessionMap = MapForWorld;

/** What a session reports as it goes: the world before its first tick, and each tick's events. */
export interface SessionHooks {
  onWorld?: (world: World) => void;
  afterTick?: (world: World) => void;
}

export interface SessionSummary {
  ticks: number;
  tickHz: number;
  wallMs: number;
  ticksPerSec: number;
  steps: number;
  catches: number;
  pathRequests: number;
  expansions: number;
  tickMsP99: number;
}

/**
 * A Tiled map (.tmj/.json or .tmx) or a Moving AI grid (.map), with its spawns (none for a .map). The map's
 * warnings (a missing template, a spawn moved off a wall) go to stderr, one line each.
 */
export async function loadSessionMap(file: string): Promise<SessionMap> {
  if (file.endsWith('.map')) {
    let text: string;
    try {
      text = readTextFileSync(file);
    } catch (e) {
      throw new MovingAiError(
        `${file}: the map cannot be read (${e instanceof Error ? e.message : String(e)}).`,
      );
    }
    return { nav: parseMap(text, file), spawns: [], moves: 8 };
  }
  return loadMapFile(file, { warn: true });
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

/** Runs one session on `map` (whose grid the world occupies: pass a map nobody else plays). */
export function runSession(map: SessionMap, opts: SessionOptions, hooks: SessionHooks = {}): SessionSummary {
  const world = worldForMap(map, {
    seed: opts.seed,
    tickHz: opts.tickHz,
    moves: opts.moves,
    enemies: opts.enemies,
    aggro: opts.aggro,
  });
  const player = new WanderingPlayer(world, opts.seed);
  hooks.onWorld?.(world);
  const tickMs = new Float64Array(opts.ticks);
  const start = performance.now();
  for (let t = 0; t < opts.ticks; t++) {
    player.beforeTick(world.tick);
    const t0 = performance.now();
    world.step();
    tickMs[t] = performance.now() - t0;
    hooks.afterTick?.(world);
  }
  const wallMs = performance.now() - start;
  tickMs.sort();
  const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
  return {
    ticks: opts.ticks,
    tickHz: world.tickHz,
    wallMs: round(wallMs, 1),
    ticksPerSec: round((opts.ticks / wallMs) * 1000, 1),
    steps: world.stats.steps,
    catches: world.stats.catches,
    pathRequests: world.scheduler.requests,
    expansions: world.scheduler.expansions,
    tickMsP99: round(tickMs[Math.min(tickMs.length - 1, Math.floor(tickMs.length * 0.99))], 3),
  };
}
