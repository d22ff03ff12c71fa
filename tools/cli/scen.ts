/**
 * Runs a Moving AI scenario file through the planner, one JSON line per query, then a summary line:
 *   npm run --silent scen -- --map FILE.map --scen FILE.map.scen [--algo astar|jps|dijkstra] [--moves 8|4]
 * Each line: { "i", "length" (null when no path), "expanded", "us" } with `us` the search call alone.
 * The summary compares lengths with the published ones (9th column) when moves are 8.
 */
import { performance } from 'node:perf_hooks';
import type { Algorithm } from '../../src/core/path/index.ts';
import { PathPlanner } from '../../src/core/path/index.ts';
import { loadMap, loadScenarios, MovingAiError, matchesPublished } from '../lib/movingai.ts';

const USAGE = 'usage: scen --map FILE.map --scen FILE.map.scen [--algo astar|jps|dijkstra] [--moves 8|4]';

interface Args {
  map: string;
  scen: string;
  algo: Algorithm;
  moves: 8 | 4;
}

function parseArgs(argv: readonly string[]): Args {
  const values = new Map<string, string>();
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k];
    if (!['--map', '--scen', '--algo', '--moves'].includes(flag)) {
      throw new MovingAiError(`unknown argument "${flag}"; ${USAGE}`);
    }
    const value = argv[++k];
    if (value === undefined || value.startsWith('--'))
      throw new MovingAiError(`${flag} needs a value; ${USAGE}`);
    values.set(flag, value);
  }
  const map = values.get('--map');
  const scen = values.get('--scen');
  if (map === undefined || scen === undefined)
    throw new MovingAiError(`both --map and --scen are required; ${USAGE}`);
  const algo = values.get('--algo') ?? 'astar';
  if (algo !== 'astar' && algo !== 'jps' && algo !== 'dijkstra') {
    throw new MovingAiError(`--algo must be astar, jps or dijkstra, got "${algo}".`);
  }
  const movesText = values.get('--moves') ?? '8';
  if (movesText !== '8' && movesText !== '4')
    throw new MovingAiError(`--moves must be 8 or 4, got "${movesText}".`);
  const moves = movesText === '8' ? 8 : 4;
  if (algo === 'jps' && moves === 4) {
    throw new MovingAiError(
      '--algo jps needs 8-connected moves (Jump Point Search prunes diagonal symmetry); use --algo astar or dijkstra with --moves 4.',
    );
  }
  return { map, scen, algo, moves };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const grid = loadMap(args.map);
  const { scenarios } = loadScenarios(args.scen, grid);
  const planner = new PathPlanner(grid);
  const times = new Float64Array(scenarios.length);
  let found = 0;
  let expandedTotal = 0;
  let mismatches = 0;
  const lines: string[] = [];
  for (let i = 0; i < scenarios.length; i++) {
    const s = scenarios[i];
    const query = {
      start: grid.index(s.startX, s.startY),
      goal: grid.index(s.goalX, s.goalY),
      moves: args.moves,
    };
    const t0 = performance.now();
    const result = planner.find(query, args.algo);
    const us = (performance.now() - t0) * 1000;
    const length = result.status === 'found' ? result.cost : null;
    if (length !== null) found++;
    expandedTotal += result.expanded;
    times[i] = us;
    if (args.moves === 8 && !matchesPublished(length, s)) mismatches++;
    lines.push(JSON.stringify({ i, length, expanded: result.expanded, us: Math.round(us * 100) / 100 }));
    if (lines.length >= 256) process.stdout.write(`${lines.splice(0).join('\n')}\n`);
  }
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
  const sorted = times.slice().sort();
  const total = times.reduce((a, b) => a + b, 0);
  const summary = {
    summary: true,
    map: args.map,
    scen: args.scen,
    algo: args.algo,
    moves: args.moves,
    queries: scenarios.length,
    found,
    notFound: scenarios.length - found,
    expanded: expandedTotal,
    totalUs: Math.round(total),
    medianUs: sorted.length ? Math.round(sorted[sorted.length >> 1] * 100) / 100 : 0,
    // Checked against the published optimal lengths only for 8-connected runs (the benchmark's rule).
    mismatches: args.moves === 8 ? mismatches : null,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

try {
  main();
} catch (e) {
  const message =
    e instanceof MovingAiError || e instanceof RangeError
      ? e.message
      : `scen failed: ${(e as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
