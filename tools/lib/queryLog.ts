/**
 * The query log: one JSON line per search the world ran (`sim --queries`, `crowd --queries`, bench:game),
 * holding everything the search read, so it can be replayed without the world:
 *
 *   { "t": 812, "id": 14, "start": [x, y], "goals": [[x, y], ...], "moves": 8,
 *     "occupancy": { "kind": "cost", "radius": 3, "extra": 4, "allowGoal": false },
 *     "occupied": [[x, y], ...], "maxExpanded": 6000, "partial": false,
 *     "toll": { "cells": [[x, y], ...], "extra": 5 },
 *     "status": "found", "cost": 17.07, "expanded": 9, "us": 3.2 }
 *
 * `t` the tick, `id` the searching character (0 when the policy names none), `occupied` the cells within
 * `radius` of the start (Chebyshev; null radius: the whole map) held by someone other than the searcher at
 * that moment, `maxExpanded` null when unlimited, `toll` the cells the path pays `extra` more to enter (the
 * map's exit tiles, on the player's walks; null when none), `us` that search's own time in microseconds (the `find`
 * call alone). To replay: the same map, those cells held by one other character, the searcher as `self`.
 */
import { performance } from 'node:perf_hooks';
import type { NavGrid } from '../../src/core/grid/index.ts';
import type {
  OccupancyPolicy,
  PathObserver,
  PathQuery,
  PathResult,
  PathStatus,
} from '../../src/core/path/index.ts';
import type { World } from '../../src/core/world/index.ts';

export interface LoggedQuery {
  t: number;
  id: number;
  start: [number, number];
  goals: [number, number][];
  moves: 8 | 4;
  occupancy: { kind: 'ignore' | 'block' | 'cost'; radius: number | null; extra: number; allowGoal: boolean };
  occupied: [number, number][];
  maxExpanded: number | null;
  partial: boolean;
  /** Cells the path pays `extra` more to enter (the map's exits, on the player's walks), or null. */
  toll: { cells: [number, number][]; extra: number } | null;
  status: PathStatus;
  cost: number;
  expanded: number;
  us: number;
}

/** The searcher's id in a replay; the occupied cells are held by REPLAY_OTHER. */
const REPLAY_SELF = 1;
const REPLAY_OTHER = 2;

/** Writes a line per `find` of the world's planner to `sink` (installs itself as the planner's observer). */
export class QueryLog implements PathObserver {
  /** Searches logged so far. */
  count = 0;
  private t0 = 0;

  constructor(
    private readonly world: World,
    private readonly sink: (line: string) => void,
  ) {
    world.planner.observer = this;
  }

  begin(): void {
    this.t0 = performance.now();
  }

  end(query: PathQuery, result: PathResult): void {
    const us = (performance.now() - this.t0) * 1000;
    const grid = this.world.grid;
    this.count++;
    this.sink(JSON.stringify(describeQuery(grid, this.world.tick, query, result, us)));
  }
}

/** The log record of one search (the world's grid as it is now, so call it right after the search). */
export function describeQuery(
  grid: NavGrid,
  t: number,
  query: PathQuery,
  result: PathResult,
  us: number,
): LoggedQuery {
  const xy = (i: number): [number, number] => [i % grid.width, Math.floor(i / grid.width)];
  const policy: OccupancyPolicy = query.occupancy ?? { kind: 'ignore' };
  const self = policy.kind === 'ignore' ? 0 : policy.self;
  const radius = policy.kind === 'ignore' ? null : (policy.radius ?? null);
  const occupied: [number, number][] = [];
  if (policy.kind !== 'ignore') {
    const [sx, sy] = xy(query.start);
    const r = radius ?? Math.max(grid.width, grid.height);
    for (let y = Math.max(0, sy - r); y <= Math.min(grid.height - 1, sy + r); y++) {
      for (let x = Math.max(0, sx - r); x <= Math.min(grid.width - 1, sx + r); x++) {
        const o = grid.occupant[y * grid.width + x];
        if (o !== 0 && o !== self) occupied.push([x, y]);
      }
    }
  }
  const goals = typeof query.goal === 'number' ? [query.goal] : query.goal;
  const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
  return {
    t,
    id: self,
    start: xy(query.start),
    goals: goals.map(xy),
    moves: query.moves ?? 8,
    occupancy: {
      kind: policy.kind,
      radius,
      extra: policy.kind === 'cost' ? policy.extra : 0,
      allowGoal: policy.kind === 'block' && policy.allowGoal === true,
    },
    occupied,
    maxExpanded: query.maxExpanded === undefined || query.maxExpanded === Infinity ? null : query.maxExpanded,
    partial: query.partial === true,
    toll:
      query.toll === undefined || query.toll.cells.length === 0
        ? null
        : { cells: Array.from(query.toll.cells, xy), extra: query.toll.extra },
    status: result.status,
    cost: result.cost,
    expanded: result.expanded,
    us: round(us, 3),
  };
}

/** Reads one line of a query log; throws one sentence naming `where` (file and line) and the fault. */
export function parseQueryLine(line: string, where: string): LoggedQuery {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new Error(`${where}: not a JSON line.`);
  }
  const o = v as Record<string, unknown>;
  const fault = (what: string) => new Error(`${where}: ${what}.`);
  if (typeof o !== 'object' || o === null) throw fault('not a JSON object');
  const cell = (c: unknown) =>
    Array.isArray(c) && c.length === 2 && Number.isInteger(c[0]) && Number.isInteger(c[1]);
  const cells = (name: string, atLeast: number) => {
    const list = o[name];
    if (!Array.isArray(list) || list.length < atLeast || !list.every(cell))
      throw fault(`"${name}" must be a list of [x, y] cells${atLeast > 0 ? ' (at least one)' : ''}`);
  };
  if (!cell(o.start)) throw fault('"start" must be an [x, y] cell');
  cells('goals', 1);
  cells('occupied', 0);
  if (o.moves !== 8 && o.moves !== 4) throw fault('"moves" must be 8 or 4');
  const occ = o.occupancy as Record<string, unknown> | undefined;
  if (
    typeof occ !== 'object' ||
    occ === null ||
    !['ignore', 'block', 'cost'].includes(occ.kind as string) ||
    !(occ.radius === null || (typeof occ.radius === 'number' && occ.radius >= 0)) ||
    !(typeof occ.extra === 'number' && occ.extra >= 0) ||
    typeof occ.allowGoal !== 'boolean'
  )
    throw fault('"occupancy" must be { kind: ignore|block|cost, radius: number|null, extra ≥ 0, allowGoal }');
  if (!(o.maxExpanded === null || (typeof o.maxExpanded === 'number' && o.maxExpanded >= 0)))
    throw fault('"maxExpanded" must be a number ≥ 0 or null');
  const toll = o.toll as Record<string, unknown> | null | undefined;
  if (toll !== undefined && toll !== null) {
    if (
      typeof toll !== 'object' ||
      !Array.isArray(toll.cells) ||
      !toll.cells.every(cell) ||
      !(typeof toll.extra === 'number' && toll.extra >= 0 && Number.isFinite(toll.extra))
    )
      throw fault('"toll" must be null or { cells: [[x, y], ...], extra: a finite number ≥ 0 }');
  }
  if (!['found', 'partial', 'none'].includes(o.status as string))
    throw fault('"status" must be found, partial or none');
  for (const k of ['t', 'id', 'cost', 'expanded', 'us'])
    if (typeof o[k] !== 'number') throw fault(`"${k}" must be a number`);
  return {
    ...(o as unknown as LoggedQuery),
    partial: o.partial === true,
    toll: (toll ?? null) as LoggedQuery['toll'],
  };
}

/** A logged search made ready to run again on its map: the query, and the cells others held. */
export interface Replay {
  query: PathQuery;
  others: number[];
}

/** The search `q` made, on `grid`, its searcher as REPLAY_SELF; throws one sentence for a cell off the map. */
export function replayOf(grid: NavGrid, q: LoggedQuery): Replay {
  const at = ([x, y]: [number, number]) => {
    if (!grid.inBounds(x, y))
      throw new Error(`logged cell (${x}, ${y}) is off the ${grid.width} × ${grid.height} map.`);
    return y * grid.width + x;
  };
  const o = q.occupancy;
  const radius = o.radius ?? undefined;
  const occupancy: OccupancyPolicy =
    o.kind === 'ignore'
      ? { kind: 'ignore' }
      : o.kind === 'block'
        ? { kind: 'block', self: REPLAY_SELF, allowGoal: o.allowGoal, radius }
        : { kind: 'cost', self: REPLAY_SELF, extra: o.extra, radius };
  return {
    query: {
      start: at(q.start),
      goal: q.goals.length === 1 ? at(q.goals[0]) : q.goals.map(at),
      moves: q.moves,
      occupancy,
      maxExpanded: q.maxExpanded ?? undefined,
      partial: q.partial,
      toll: q.toll === null ? undefined : { cells: q.toll.cells.map(at), extra: q.toll.extra },
    },
    others: q.occupied.map(at),
  };
}

/** Puts (`on`) or takes away the others a replayed search saw, on `grid`. */
export function placeOthers(grid: NavGrid, others: readonly number[], on: boolean): void {
  for (let k = 0; k < others.length; k++) grid.occupant[others[k]] = on ? REPLAY_OTHER : 0;
}
