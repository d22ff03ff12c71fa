/**
 * grid-engine (the Phaser grid-movement plugin, our main peer) driven headless in Node, for the benchmarks:
 * its pathfinding on a NavGrid, and one-shot crowds through `GridEngineHeadless` as the crowd tool poses them
 * to our world (tools/lib/crowd.ts), so both engines answer the same instance in the same process.
 *
 * Its published build imports `phaser` as it loads, and real Phaser needs a browser; the headless engine
 * never uses it, so `loadGridEngine` first registers a resolve hook (phaserHook.mjs) that gives grid-engine
 * a stand-in module instead. Nothing in src/ or the game depends on this file.
 *
 * Every knob is grid-engine's own documented one, set the way its docs advise for speed ("Pathfinding
 * Performance"): the tile collision cache on, character layers ignored. Walkers use `moveTo` with
 * `pathBlockedStrategy: 'RETRY'` and `noPathFoundStrategy: 'RETRY'`, both retrying forever at the default
 * 200 ms back-off, so a walker never gives up: the best grid-engine offers for everyone arriving. (Its
 * searches treat every other character as a wall, so with the default noPathFoundStrategy, STOP, a walker
 * whose every way is blocked by others at the moment it is sent gives up for good.)
 */
import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { GridEngineHeadless, MoveToConfig, ShortestPathAlgorithmType } from 'grid-engine';
import type { NavGrid } from '../../src/core/grid/index.ts';
import { type CrowdInstance, type CrowdResult, type CrowdRoute, crowdFigures } from './crowd.ts';

export type GridEngineModule = typeof import('grid-engine');

let loading: Promise<GridEngineModule> | null = null;

/** grid-engine's ES module build, with `phaser` resolved to the stand-in (the hook is registered once). */
export function loadGridEngine(): Promise<GridEngineModule> {
  if (!loading) {
    register('./phaserHook.mjs', import.meta.url);
    loading = import('grid-engine');
  }
  return loading;
}

/** The NavGrid's walkable cells as grid-engine's ArrayTilemap (0 free, 1 blocked); costs and edges are not carried. */
export function gridEngineTilemap(ge: GridEngineModule, grid: NavGrid) {
  const data: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.walkable[y * grid.width + x] ? 0 : 1);
    data.push(row);
  }
  return new ge.ArrayTilemap({ ground: { data } });
}

/** A headless engine on `grid` with no characters yet, configured as the module's doc says. */
export function gridEngineOn(ge: GridEngineModule, grid: NavGrid, directions: 8 | 4): GridEngineHeadless {
  const engine = new ge.GridEngineHeadless(false);
  engine.create(gridEngineTilemap(ge, grid), {
    characters: [],
    numberOfDirections: directions === 8 ? ge.NumberOfDirections.EIGHT : ge.NumberOfDirections.FOUR,
    cacheTileCollisions: true,
  });
  return engine;
}

export interface GridEngineCrowdOptions {
  directions: 8 | 4;
  /** Tiles per second of every walker (grid-engine's `speed`; a diagonal step takes as long as a straight one). */
  speed: number;
  /** Updates per second; each `update(time, delta)` advances 1000 / tickHz ms. */
  tickHz: number;
  /** Stop after this much game time even if some walker has not arrived. */
  seconds: number;
  /** Stop after this much wall-clock time too (grid-engine's updates can cost milliseconds each). */
  wallSeconds: number;
  /** moveTo's `algorithm`; undefined leaves grid-engine's default (bidirectional search). */
  algorithm?: ShortestPathAlgorithmType;
}

export interface GridEngineCrowdResult extends CrowdResult {
  /** Why the run ended: everyone on their goal, the game-time cap, the wall-clock cap, or a freeze. */
  stoppedBy: 'arrived' | 'seconds' | 'wall' | 'frozen';
  /** Game time the run simulated (a frozen run's figures count up to the cap all the same). */
  runS: number;
  /** Walkers whose moveTo ended without arriving (with RETRY on both strategies this stays 0). */
  gaveUp: number;
}

/** Adds the walkers on their starts (ids "0", "1", ...) and returns the moveTo config they are sent with. */
function addWalkers(
  ge: GridEngineModule,
  engine: GridEngineHeadless,
  routes: readonly CrowdRoute[],
  opts: GridEngineCrowdOptions,
): MoveToConfig {
  const moveTo: MoveToConfig = {
    pathBlockedStrategy: ge.PathBlockedStrategy.RETRY,
    noPathFoundStrategy: ge.NoPathFoundStrategy.RETRY,
    ignoreLayers: true,
  };
  if (opts.algorithm) moveTo.algorithm = opts.algorithm;
  for (let k = 0; k < routes.length; k++) {
    engine.addCharacter({
      id: String(k),
      speed: opts.speed,
      startPosition: { x: routes[k].sx, y: routes[k].sy },
    });
  }
  return moveTo;
}

/**
 * Each walker's time alone in grid-engine (same speed, directions and moveTo), the engine's own lower
 * bound: one engine, one walker at a time, stepped at `tickHz` until it stands on its goal.
 */
export function gridEngineAloneSeconds(
  ge: GridEngineModule,
  grid: NavGrid,
  routes: readonly CrowdRoute[],
  opts: GridEngineCrowdOptions,
): number[] {
  const engine = gridEngineOn(ge, grid, opts.directions);
  const dt = 1000 / opts.tickHz;
  // No simple path is longer than the map has cells: a walker alone that takes longer never arrives.
  const maxUpdates = Math.ceil(((grid.width * grid.height) / opts.speed) * opts.tickHz) + opts.tickHz;
  let arrivedAt = -1;
  let goal: CrowdRoute | null = null;
  let u = 0;
  engine.positionChangeFinished().subscribe((c) => {
    if (goal && c.enterTile.x === goal.gx && c.enterTile.y === goal.gy) arrivedAt = u;
  });
  return routes.map((r, k) => {
    goal = r;
    arrivedAt = r.sx === r.gx && r.sy === r.gy ? 0 : -1;
    const moveTo = addWalkers(ge, engine, [r], opts);
    engine.moveTo('0', { x: r.gx, y: r.gy }, moveTo);
    for (u = 1; arrivedAt < 0 && u <= maxUpdates; u++) engine.update(u * dt, dt);
    engine.removeCharacter('0');
    if (arrivedAt < 0) {
      throw new Error(
        `line ${r.line} (agent ${k + 1}): alone in grid-engine, it did not reach its goal (${r.gx}, ${r.gy}) from (${r.sx}, ${r.sy}).`,
      );
    }
    return (arrivedAt * dt) / 1000;
  });
}

/**
 * Nobody started a step for this long: the crowd is frozen for good. grid-engine has no randomness, so with
 * every walker standing still each one's next tile stays blocked and each RETRY (every 200 ms) searches the
 * same occupancy and finds the same answer; nothing would ever move again. The run stops there and counts
 * as if it had gone on to the game-time cap (same arrivals, same sum, stands up to the cap), saving wall time.
 */
export const FROZEN_SECONDS = 2;

/**
 * Runs the crowd through a fresh grid-engine: every walker added on its start and sent with moveTo on time 0
 * (moveTo searches at once: that time is charged to the first update, as our world's first searches fall in
 * its first tick), then `update` at `tickHz` until all stand on their goals, the game-time cap, the
 * wall-clock cap, or a freeze (FROZEN_SECONDS). A walker arrives in the update in which its position change
 * onto its goal finished; `alone` (gridEngineAloneSeconds) gives the lower bounds.
 */
export function runGridEngineCrowd(
  ge: GridEngineModule,
  instance: CrowdInstance,
  opts: GridEngineCrowdOptions,
  alone: readonly number[],
): GridEngineCrowdResult {
  const { grid, routes } = instance;
  const n = routes.length;
  const engine = gridEngineOn(ge, grid, opts.directions);
  const moveTo = addWalkers(ge, engine, routes, opts);
  /** Update each walker last arrived on its goal (-1: not there now), and last started a step. */
  const arrivedAt = new Int32Array(n).fill(-1);
  const lastStep = new Int32Array(n);
  const firstStep = new Int32Array(n).fill(-1);
  const stepping = new Uint8Array(n);
  let onGoal = 0;
  for (let k = 0; k < n; k++) {
    if (routes[k].sx === routes[k].gx && routes[k].sy === routes[k].gy) {
      arrivedAt[k] = firstStep[k] = 0;
      onGoal++;
    }
  }
  let u = 0;
  let anyStep = 0;
  let gaveUp = 0;
  engine.positionChangeStarted().subscribe((c) => {
    const k = Number(c.charId);
    stepping[k] = 1;
    lastStep[k] = u;
    if (firstStep[k] < 0) firstStep[k] = u;
    anyStep = u;
    if (arrivedAt[k] >= 0) {
      arrivedAt[k] = -1;
      onGoal--;
    }
  });
  engine.positionChangeFinished().subscribe((c) => {
    const k = Number(c.charId);
    stepping[k] = 0;
    if (c.enterTile.x === routes[k].gx && c.enterTile.y === routes[k].gy) {
      arrivedAt[k] = u;
      onGoal++;
    }
  });
  const sendStart = performance.now();
  for (let k = 0; k < n; k++) {
    engine.moveTo(String(k), { x: routes[k].gx, y: routes[k].gy }, moveTo).subscribe((f) => {
      if (f.result !== ge.MoveToResult.SUCCESS) gaveUp++;
    });
  }
  const sendMs = performance.now() - sendStart;

  const dt = 1000 / opts.tickHz;
  const maxUpdates = Math.round(opts.seconds * opts.tickHz);
  const frozenUpdates = Math.round(FROZEN_SECONDS * opts.tickHz);
  const tickMs = new Float64Array(maxUpdates);
  const wallEnd = performance.now() + opts.wallSeconds * 1000;
  let longestStand = 0;
  let stoppedBy: GridEngineCrowdResult['stoppedBy'] = 'arrived';
  while (onGoal < n) {
    if (u >= maxUpdates) {
      stoppedBy = 'seconds';
      break;
    }
    if (u - anyStep >= frozenUpdates) {
      stoppedBy = 'frozen';
      break;
    }
    if (performance.now() > wallEnd) {
      stoppedBy = 'wall';
      break;
    }
    u++;
    const t0 = performance.now();
    engine.update(u * dt, dt);
    tickMs[u - 1] = performance.now() - t0 + (u === 1 ? sendMs : 0);
    for (let k = 0; k < n; k++) {
      if (arrivedAt[k] >= 0 || stepping[k]) continue;
      const stand = u - lastStep[k];
      if (stand > longestStand) longestStand = stand;
    }
  }
  // A frozen crowd stays as it is until the cap: its walkers away from their goals stand until then.
  const runTicks = stoppedBy === 'frozen' ? maxUpdates : u;
  if (stoppedBy === 'frozen') {
    for (let k = 0; k < n; k++)
      if (arrivedAt[k] < 0) longestStand = Math.max(longestStand, runTicks - lastStep[k]);
  }
  const figures = crowdFigures(
    arrivedAt,
    firstStep,
    runTicks,
    opts.tickHz,
    alone,
    longestStand,
    tickMs.subarray(0, u),
  );
  return { ...figures, stoppedBy, runS: u / opts.tickHz, gaveUp };
}
