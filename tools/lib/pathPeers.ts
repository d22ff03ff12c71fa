/**
 * The JavaScript pathfinders the bench races against, each behind one `solve(query) → path length` call,
 * set up the way their documentation asks: EasyStar.js synchronous with diagonals and no corner cutting;
 * PathFinding.js A* and Jump Point with `OnlyWhenNoObstacles`, on a clone of the grid per query (its finders
 * scribble on the nodes); grid-engine's headless pathfinding (its `phaser` import resolved to a stand-in).
 */
import { createRequire } from 'node:module';
import EasyStar from 'easystarjs';
import type { ShortestPathAlgorithmType } from 'grid-engine';
import type { NavGrid } from '../../src/core/grid/index.ts';
import { type GridEngineModule, gridEngineOn, loadGridEngine } from './gridEngine.ts';

export interface PeerQuery {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
}

export interface Peer {
  name: string;
  /** Path length (straight 1, diagonal √2), or null when the peer finds none. */
  solve(q: PeerQuery): number | null;
  /** Nodes the last query expanded (closed), when the peer lets us count them. */
  lastExpanded(): number | null;
  /** Timed on a spread subset of the queries where a round of all of them would take too long (bench-path.ts). */
  sampledWhenSlow?: boolean;
}

/** Length of a list of [x, y] points, straight steps 1 and diagonal √2. */
function pointsLength(points: readonly (readonly [number, number])[]): number {
  let length = 0;
  for (let k = 1; k < points.length; k++) {
    const diagonal = points[k][0] !== points[k - 1][0] && points[k][1] !== points[k - 1][1];
    length += diagonal ? Math.SQRT2 : 1;
  }
  return length;
}

/** 0 walkable, 1 blocked: the matrix shape every peer takes. */
export function matrix(grid: NavGrid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.walkable[y * grid.width + x] ? 0 : 1);
    rows.push(row);
  }
  return rows;
}

export function easyStar(grid: NavGrid): Peer {
  const es = new EasyStar.js();
  es.setGrid(matrix(grid));
  es.setAcceptableTiles([0]);
  es.enableSync();
  es.enableDiagonals();
  es.disableCornerCutting();
  es.setIterationsPerCalculation(Number.MAX_SAFE_INTEGER);
  return {
    name: 'EasyStar.js',
    solve(q) {
      let length: number | null = null;
      es.findPath(q.sx, q.sy, q.gx, q.gy, (path) => {
        length = path ? pointsLength(path.map((p) => [p.x, p.y] as const)) : null;
      });
      es.calculate();
      return length;
    },
    lastExpanded: () => null,
  };
}

interface PfNode {
  closed?: boolean;
}
interface PfGrid {
  clone(): PfGrid;
  nodes: PfNode[][];
}
interface PfFinder {
  findPath(sx: number, sy: number, gx: number, gy: number, grid: PfGrid): number[][];
}
interface PfModule {
  Grid: new (m: number[][]) => PfGrid;
  AStarFinder: new (o: object) => PfFinder;
  JumpPointFinder: new (o: object) => PfFinder;
  DiagonalMovement: { OnlyWhenNoObstacles: number };
}

export function pathFindingJs(grid: NavGrid, kind: 'astar' | 'jps'): Peer {
  const PF = createRequire(import.meta.url)('pathfinding') as PfModule;
  const base = new PF.Grid(matrix(grid));
  const options = { diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles };
  const finder = kind === 'astar' ? new PF.AStarFinder(options) : new PF.JumpPointFinder(options);
  let last: PfGrid | null = null;
  return {
    name: kind === 'astar' ? 'PathFinding.js A*' : 'PathFinding.js JPS',
    solve(q) {
      last = base.clone();
      const path = finder.findPath(q.sx, q.sy, q.gx, q.gy, last);
      if (path.length === 0) return q.sx === q.gx && q.sy === q.gy ? 0 : null;
      // JumpPointFinder returns only the jump points; runs between them are straight or diagonal.
      let length = 0;
      for (let k = 1; k < path.length; k++) {
        const dx = Math.abs(path[k][0] - path[k - 1][0]);
        const dy = Math.abs(path[k][1] - path[k - 1][1]);
        length += Math.abs(dx - dy) + Math.SQRT2 * Math.min(dx, dy);
      }
      return length;
    },
    lastExpanded() {
      if (!last) return null;
      let n = 0;
      for (const row of last.nodes) for (const node of row) if (node.closed) n++;
      return n;
    },
  };
}

/**
 * grid-engine's own pathfinding (`findShortestPath` of GridEngineHeadless, 8 directions), set up as its
 * docs advise for speed: tile collision cache on, character layers ignored, no closest-to-target bookkeeping.
 * Its rules are not Moving AI's: every step costs 1 (a diagonal as much as a straight one) and a diagonal
 * only needs its destination free, so it cuts corners; its paths are shortest in steps, and their octile
 * length can be longer (more diagonals than needed) or shorter (a cut corner) than the published optimum.
 * Returns the reason instead when the package cannot load.
 */
export async function gridEngine(grid: NavGrid, algo: ShortestPathAlgorithmType): Promise<Peer | string> {
  let ge: GridEngineModule;
  try {
    ge = await loadGridEngine();
  } catch (e) {
    return `grid-engine cannot load in Node (${(e as Error).message.split('\n')[0]})`;
  }
  const engine = gridEngineOn(ge, grid, 8);
  const options = {
    shortestPathAlgorithm: algo,
    numberOfDirections: ge.NumberOfDirections.EIGHT,
    ignoreLayers: true,
    calculateClosestToTarget: false,
  };
  let steps: number | null = null;
  return {
    name: `grid-engine ${algo === 'A_STAR' ? 'A*' : algo === 'BIDIRECTIONAL_SEARCH' ? 'bidir.' : algo}`,
    solve(q) {
      const r = engine.findShortestPath(
        { position: { x: q.sx, y: q.sy }, charLayer: undefined },
        { position: { x: q.gx, y: q.gy }, charLayer: undefined },
        options,
      );
      steps = r.steps;
      if (r.path.length === 0) return q.sx === q.gx && q.sy === q.gy ? 0 : null;
      return pointsLength(r.path.map((p) => [p.position.x, p.position.y] as const));
    },
    // Its `steps` counts the nodes the search took off its open list: expanded, as ours counts them.
    lastExpanded: () => steps,
    // Up to seconds a query on the 512² and 1024² maps.
    sampledWhenSlow: true,
  };
}
