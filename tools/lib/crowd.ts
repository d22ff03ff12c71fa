/**
 * One-shot crowds, as the multi-agent pathfinding benchmark poses them: the first N rows of a scenario file
 * give N passive walkers, each placed on its start and sent to its goal on tick 0; the world runs until every
 * walker stands on its goal or the time is up. Shared by the crowd tool, bench:crowd and the crowd tests.
 */
import { performance } from 'node:perf_hooks';
import { type NavGrid, Regions } from '../../src/core/grid/index.ts';
import { PathPlanner } from '../../src/core/path/index.ts';
import type { Character } from '../../src/core/world/index.ts';
import { Rng, traceHeader, traceLine, World } from '../../src/core/world/index.ts';
import { loadMap as loadMovingAiMap, loadScenarios, MovingAiError } from './movingai.ts';
import { loadMapFile } from './node-reader.ts';

/** A walker's start and goal, and the scenario line it came from. */
export interface CrowdRoute {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  line: number;
}

export interface CrowdInstance {
  grid: NavGrid;
  routes: CrowdRoute[];
}

export interface CrowdOptions {
  moves: 8 | 4;
  /** Tiles per second of every walker. */
  speed: number;
  tickHz: number;
  /** Stop after this much game time even if some walker has not arrived. */
  seconds: number;
  seed: number;
}

export const CROWD_DEFAULTS: CrowdOptions = { moves: 8, speed: 4, tickHz: 20, seconds: 300, seed: 1 };

export interface CrowdResult {
  agents: number;
  arrived: number;
  /** When the last walker arrived for good; null unless all arrived. */
  makespanS: number | null;
  /** Each walker's last arrival on its goal (the whole run for one not there), summed. */
  sumS: number;
  /** Each walker's optimal length under the run's moves ÷ speed, summed and at most. */
  lowerBoundSumS: number;
  lowerBoundMaxS: number;
  /** The longest time a walker away from its goal went without starting a step. */
  longestStandS: number;
  /**
   * When the last walker sent away from its start took its first step (0 when none had to move); null when one
   * never did. How long the crowd waited for its walks to begin.
   */
  lastStartS: number | null;
  tickMsP50: number;
  tickMsP99: number;
  tickMsMax: number;
  ticks: number;
}

/** What a run reports as it goes: trace lines, and the world before its first tick (for query logs). */
export interface CrowdHooks {
  trace?: (line: string) => void;
  onWorld?: (world: World) => void;
}

/**
 * Reads a map (Moving AI `.map`, or a Tiled map) and the first `agents` rows of a scenario file, checking
 * every row: inside the map, on walkable tiles, no two walkers on one start or one goal. Throws
 * MovingAiError with one sentence naming the row.
 */
export async function loadCrowd(mapFile: string, scenFile: string, agents: number): Promise<CrowdInstance> {
  const grid = await loadCrowdMap(mapFile);
  const { scenarios } = loadScenarios(scenFile);
  if (!Number.isInteger(agents) || agents < 1)
    throw new MovingAiError(`--agents must be a whole number ≥ 1, got ${agents}.`);
  if (agents > scenarios.length) {
    throw new MovingAiError(
      `${scenFile} holds ${scenarios.length} rows, fewer than the ${agents} agents asked for.`,
    );
  }
  const starts = new Map<number, number>();
  const goals = new Map<number, number>();
  const routes: CrowdRoute[] = [];
  for (let k = 0; k < agents; k++) {
    const s = scenarios[k];
    const where = `${scenFile} line ${s.line} (agent ${k + 1})`;
    if (s.width !== grid.width || s.height !== grid.height) {
      throw new MovingAiError(
        `${where} is for a ${s.width} × ${s.height} map, but ${mapFile} is ${grid.width} × ${grid.height}.`,
      );
    }
    for (const [what, x, y] of [
      ['start', s.startX, s.startY],
      ['goal', s.goalX, s.goalY],
    ] as const) {
      if (!grid.inBounds(x, y)) throw new MovingAiError(`${where}: its ${what} (${x}, ${y}) is off the map.`);
      if (!grid.isWalkable(x, y))
        throw new MovingAiError(`${where}: its ${what} (${x}, ${y}) is a blocked tile.`);
    }
    const si = grid.index(s.startX, s.startY);
    const gi = grid.index(s.goalX, s.goalY);
    const sameStart = starts.get(si);
    if (sameStart !== undefined) {
      throw new MovingAiError(
        `${where}: its start (${s.startX}, ${s.startY}) is also line ${sameStart}'s start; two walkers cannot stand on one tile.`,
      );
    }
    const sameGoal = goals.get(gi);
    if (sameGoal !== undefined) {
      throw new MovingAiError(
        `${where}: its goal (${s.goalX}, ${s.goalY}) is also line ${sameGoal}'s goal; two walkers cannot stand on one tile.`,
      );
    }
    starts.set(si, s.line);
    goals.set(gi, s.line);
    routes.push({ sx: s.startX, sy: s.startY, gx: s.goalX, gy: s.goalY, line: s.line });
  }
  return { grid, routes };
}

/** A crowd's map: a Moving AI `.map`, or a Tiled map (its collision grid). */
export async function loadCrowdMap(mapFile: string): Promise<NavGrid> {
  return mapFile.endsWith('.map')
    ? loadMovingAiMap(mapFile)
    : (await loadMapFile(mapFile, { warn: true })).nav;
}

/** The tiles of the grid's largest region (where seeded rows are drawn), in index order. */
export function largestRegion(grid: NavGrid): number[] {
  const regions = new Regions(grid);
  regions.refresh();
  let largest = 1;
  for (let r = 2; r <= regions.count; r++) if (regions.area[r] > regions.area[largest]) largest = r;
  const cells: number[] = [];
  for (let i = 0; i < grid.size; i++) if (regions.label[i] === largest && regions.count > 0) cells.push(i);
  return cells;
}

/**
 * `agents` walkers on a map with starts and goals drawn from its largest region (seeded; as the benchmark's
 * random scenarios are made): no two on one start, no two on one goal. Other rows than a scenario file's, on
 * the same map: how the crowd does on instances it was not tuned on. Throws MovingAiError when the region has
 * fewer tiles than walkers.
 */
export async function seededCrowd(mapFile: string, agents: number, seed: number): Promise<CrowdInstance> {
  const grid = await loadCrowdMap(mapFile);
  if (!Number.isInteger(agents) || agents < 1)
    throw new MovingAiError(`--agents must be a whole number ≥ 1, got ${agents}.`);
  const cells = largestRegion(grid);
  if (cells.length < agents) {
    throw new MovingAiError(
      `${mapFile}'s largest region has ${cells.length} tiles, fewer than the ${agents} agents asked for.`,
    );
  }
  const rng = new Rng(seed);
  // The first `agents` of a seeded shuffle, once for the starts and once for the goals.
  const draw = (): number[] => {
    const pool = cells.slice();
    for (let k = 0; k < agents; k++) {
      const j = k + rng.int(pool.length - k);
      [pool[k], pool[j]] = [pool[j], pool[k]];
    }
    return pool.slice(0, agents);
  };
  const starts = draw();
  const goals = draw();
  const w = grid.width;
  const routes = starts.map((s, k) => ({
    sx: s % w,
    sy: Math.floor(s / w),
    gx: goals[k] % w,
    gy: Math.floor(goals[k] / w),
    line: k + 1,
  }));
  return { grid, routes };
}

/** Each walker's optimal walking time alone on the map (length under `moves` ÷ speed). */
export function aloneSeconds(
  grid: NavGrid,
  routes: readonly CrowdRoute[],
  moves: 8 | 4,
  speed: number,
): number[] {
  const planner = new PathPlanner(grid);
  return routes.map((r) => {
    const res = planner.find({ start: grid.index(r.sx, r.sy), goal: grid.index(r.gx, r.gy), moves });
    if (res.status !== 'found') {
      throw new MovingAiError(
        `line ${r.line}: its goal (${r.gx}, ${r.gy}) cannot be reached from its start (${r.sx}, ${r.sy})${moves === 4 ? ' with 4 moves' : ''}.`,
      );
    }
    return res.cost / speed;
  });
}

/** Runs the crowd in a fresh world on `grid` (which it occupies: pass a grid nobody else uses). */
export function runCrowd(
  instance: CrowdInstance,
  opts: CrowdOptions = CROWD_DEFAULTS,
  hooks: CrowdHooks = {},
): CrowdResult {
  const { grid, routes } = instance;
  const alone = aloneSeconds(grid, routes, opts.moves, opts.speed);
  const world = new World(grid, { seed: opts.seed, tickHz: opts.tickHz, moves: opts.moves });
  const walkers: Character[] = routes.map((r) =>
    world.addEnemy(r.sx, r.sy, { passive: true, speed: opts.speed }),
  );
  const goalCell = routes.map((r) => grid.index(r.gx, r.gy));
  hooks.onWorld?.(world);
  if (hooks.trace) {
    const goals = new Map<number, readonly [number, number]>();
    for (let k = 0; k < walkers.length; k++) goals.set(walkers[k].id, [routes[k].gx, routes[k].gy]);
    hooks.trace(traceHeader(world, goals));
  }
  for (let k = 0; k < walkers.length; k++) world.moveTo(walkers[k].id, routes[k].gx, routes[k].gy);

  const n = walkers.length;
  const hz = world.tickHz;
  const maxTicks = Math.round(opts.seconds * hz);
  /** Tick each walker last arrived on its goal (-1: not there now), and last started a step. */
  const arrivedAt = new Int32Array(n).fill(-1);
  const lastStep = new Int32Array(n);
  /** Tick each walker took its first step (-1: not yet; 0 for one that starts on its goal). */
  const firstStep = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) if (walkers[k].cell === goalCell[k]) arrivedAt[k] = firstStep[k] = 0;
  const firstId = walkers.length > 0 ? walkers[0].id : 0;
  const tickMs = new Float64Array(maxTicks);
  let longestStand = 0;
  let onGoal = arrivedAt.reduce((s, v) => s + (v >= 0 ? 1 : 0), 0);
  let ticks = 0;
  while (ticks < maxTicks && onGoal < n) {
    const t0 = performance.now();
    world.step();
    tickMs[ticks] = performance.now() - t0;
    const t = world.tick - 1;
    const events = world.events;
    for (let i = 0; i < events.count; i++) {
      const e = events.at(i);
      const k = e.id - firstId;
      if (k < 0 || k >= n) continue;
      if (e.type === 'step') {
        lastStep[k] = t;
        if (firstStep[k] < 0) firstStep[k] = t;
        if (arrivedAt[k] >= 0) {
          arrivedAt[k] = -1;
          onGoal--;
        }
      } else if (e.type === 'arrive' && walkers[k].cell === goalCell[k]) {
        arrivedAt[k] = t;
        onGoal++;
      }
      if (hooks.trace) {
        const line = traceLine(e);
        if (line) hooks.trace(line);
      }
    }
    for (let k = 0; k < n; k++) {
      if (arrivedAt[k] >= 0 || walkers[k].moving) continue;
      const stand = t - lastStep[k];
      if (stand > longestStand) longestStand = stand;
    }
    ticks++;
  }
  return crowdFigures(arrivedAt, firstStep, ticks, hz, alone, longestStand, tickMs.subarray(0, ticks));
}

/**
 * The crowd tool's figures from per-walker arrival ticks (-1: not on its goal at the end, counted as the
 * whole run of `runTicks`), first-step ticks (-1: never stepped; 0 for one that started on its goal), the lower bounds (the first `arrivedAt.length` count), the longest stand (in
 * ticks) and the milliseconds of each tick that ran.
 */
export function crowdFigures(
  arrivedAt: Int32Array,
  firstStep: Int32Array,
  runTicks: number,
  hz: number,
  alone: readonly number[],
  longestStandTicks: number,
  tickMs: Float64Array,
): CrowdResult {
  const n = arrivedAt.length;
  let sum = 0;
  let last = 0;
  let arrived = 0;
  for (let k = 0; k < n; k++) {
    if (arrivedAt[k] >= 0) {
      arrived++;
      sum += arrivedAt[k] / hz;
      last = Math.max(last, arrivedAt[k] / hz);
    } else sum += runTicks / hz;
  }
  let lastStart = 0;
  for (let k = 0; k < n && lastStart >= 0; k++)
    lastStart = firstStep[k] < 0 ? -1 : Math.max(lastStart, firstStep[k]);
  const ticks = tickMs.length;
  const sorted = Float64Array.from(tickMs).sort();
  const pick = (q: number) => (ticks === 0 ? 0 : sorted[Math.min(ticks - 1, Math.floor(ticks * q))]);
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    agents: n,
    arrived,
    makespanS: arrived === n ? r3(last) : null,
    sumS: r3(sum),
    lowerBoundSumS: r3(alone.slice(0, n).reduce((s, v) => s + v, 0)),
    lowerBoundMaxS: r3(alone.slice(0, n).reduce((s, v) => Math.max(s, v), 0)),
    longestStandS: r3(longestStandTicks / hz),
    lastStartS: lastStart < 0 ? null : r3(lastStart / hz),
    tickMsP50: r3(pick(0.5)),
    tickMsP99: r3(pick(0.99)),
    tickMsMax: r3(ticks === 0 ? 0 : sorted[ticks - 1]),
    ticks,
  };
}
