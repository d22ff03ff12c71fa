/**
 * Crowd benchmark (`npm run bench:crowd`): prints figures, never fails.
 *
 *   npm run bench:crowd -- [--instances random-32-32-20,room-33-33-3,...] [--fractions 25,50,75,100]
 *     [--moves 8,4] [--seconds 150] [--ge-wall 60] [--ge-algorithm NAME] [--json]
 *
 * Every shared crowd instance (test/fixtures/crowd) at each fraction of the agents its file holds, through
 * our world and through grid-engine headless, with 8 and with 4 moves, in one process, rows interleaved
 * (ours then grid-engine, row after row). Per run: walkers arrived, the sum of arrival times and the last
 * arrival over that engine's own lower bound (ours: each walker's optimal length ÷ speed; grid-engine: each
 * walker's time alone in grid-engine, run once per instance and cached), the longest stand, and ms per tick
 * (per grid-engine update) p50/p99. Speed 4 tiles/s, 20 Hz. See tools/lib/gridEngine.ts for grid-engine's
 * settings.
 */
import { fileURLToPath } from 'node:url';
import type { ShortestPathAlgorithmType } from 'grid-engine';
import { listFlag, movesFlag, percentFlag, readBenchFlags, secondsFlag } from '../lib/benchFlags.ts';
import { CROWD_DEFAULTS, type CrowdInstance, type CrowdResult, loadCrowd, runCrowd } from '../lib/crowd.ts';
import {
  FROZEN_SECONDS,
  type GridEngineCrowdOptions,
  type GridEngineCrowdResult,
  type GridEngineModule,
  gridEngineAloneSeconds,
  loadGridEngine,
  runGridEngineCrowd,
} from '../lib/gridEngine.ts';
import { loadScenarios, MovingAiError } from '../lib/movingai.ts';
import { runMain } from '../lib/runMain.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));
const INSTANCES = [
  { name: 'random-32-32-20', map: 'crowd/random-32-32-20.map', scen: 'crowd/random-32-32-20.map.scen' },
  { name: 'room-33-33-3', map: 'crowd/room-33-33-3.map', scen: 'crowd/room-33-33-3.map.scen' },
  { name: 'maze-34-34-2', map: 'crowd/maze-34-34-2.map', scen: 'crowd/maze-34-34-2.map.scen' },
  { name: 'warehouse-50-18', map: 'crowd/warehouse-50-18.map', scen: 'crowd/warehouse-50-18.map.scen' },
  { name: 'lak304d', map: 'movingai/lak304d.map', scen: 'crowd/lak304d-crowd.map.scen' },
];
const GE_ALGORITHMS: ShortestPathAlgorithmType[] = ['BIDIRECTIONAL_SEARCH', 'BFS', 'A_STAR', 'JPS'];
const SPEED = CROWD_DEFAULTS.speed;
const TICK_HZ = CROWD_DEFAULTS.tickHz;

const USAGE =
  'usage: npm run bench:crowd -- [--instances NAME,...] [--fractions 25,50,75,100] [--moves 8,4] [--seconds S] ' +
  '[--ge-wall S] [--ge-algorithm BIDIRECTIONAL_SEARCH|BFS|A_STAR|JPS] [--json]';

interface Args {
  instances: typeof INSTANCES;
  fractions: number[];
  moves: (8 | 4)[];
  seconds: number;
  geWall: number;
  /** grid-engine's moveTo algorithm; undefined: its default (bidirectional search). */
  geAlgorithm?: ShortestPathAlgorithmType;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const flags = readBenchFlags(
    argv,
    ['--instances', '--fractions', '--moves', '--seconds', '--ge-wall', '--ge-algorithm'],
    USAGE,
  );
  const instances = listFlag(flags, '--instances', INSTANCES.map((i) => i.name).join(',')).map((name) => {
    const found = INSTANCES.find((i) => i.name === name);
    if (!found)
      throw new MovingAiError(
        `--instances: "${name}" is not a shared instance (one of ${INSTANCES.map((i) => i.name).join(', ')}).`,
      );
    return found;
  });
  const geAlgorithm = flags.values.get('--ge-algorithm') as ShortestPathAlgorithmType | undefined;
  if (geAlgorithm !== undefined && !GE_ALGORITHMS.includes(geAlgorithm))
    throw new MovingAiError(`--ge-algorithm: "${geAlgorithm}" is not one of ${GE_ALGORITHMS.join(', ')}.`);
  return {
    instances,
    geAlgorithm,
    fractions: percentFlag(flags, '--fractions', '25,50,75,100'),
    moves: movesFlag(flags),
    seconds: secondsFlag(flags, '--seconds', 150),
    geWall: secondsFlag(flags, '--ge-wall', 60),
    json: flags.json,
  };
}

interface Row {
  instance: string;
  agents: number;
  engine: 'ours' | 'grid-engine';
  moves: 8 | 4;
  result: CrowdResult | GridEngineCrowdResult;
  /** Ours with moves 4 only: whether the world took a diagonal step (4-way movement not in force). */
  diagonalSteps?: boolean;
}

const pad = (s: string, n: number) => s.padEnd(n);
const padL = (s: string, n: number) => s.padStart(n);
const ratio = (v: number, lb: number) => (lb > 0 ? `${(v / lb).toFixed(2)}×` : '—');

function stopNote(r: Row): string {
  if (!('stoppedBy' in r.result)) return '';
  const g = r.result;
  if (g.stoppedBy === 'frozen') return `froze at ${g.runS.toFixed(1)} s`;
  if (g.stoppedBy === 'wall') return `wall cap at ${g.runS.toFixed(1)} s`;
  return '';
}

function formatRow(r: Row): string {
  const x = r.result;
  const all = x.arrived === x.agents;
  const engine = `${r.engine} ${r.moves}${r.diagonalSteps ? '*' : ''}`;
  // A row cut short by the wall clock has no comparable sum: its missing walkers only counted the time run.
  const cut = 'stoppedBy' in x && x.stoppedBy === 'wall';
  const sum = cut ? '—' : `${all ? '' : '≥'}${ratio(x.sumS, x.lowerBoundSumS)}`;
  const last = all && x.makespanS !== null ? ratio(x.makespanS, x.lowerBoundMaxS) : '—';
  return (
    `${pad(r.instance, 17)}${padL(String(r.agents), 6)}  ${pad(engine, 15)}` +
    `${padL(`${x.arrived}/${x.agents}`, 10)}${padL(sum, 9)}${padL(last, 8)}` +
    `${padL(`${x.longestStandS.toFixed(1)} s`, 9)}${padL(x.tickMsP50.toFixed(3), 10)}${padL(x.tickMsP99.toFixed(3), 10)}` +
    `  ${stopNote(r)}`
  );
}

const HEADER =
  `${pad('instance', 17)}${padL('walkers', 6)}  ${pad('engine', 15)}${padL('arrived', 10)}${padL('sum/LB', 9)}` +
  `${padL('last/LB', 8)}${padL('stand', 9)}${padL('tick p50', 10)}${padL('p99 ms', 10)}`;

/** Ours with `moves`, noting whether a diagonal step was taken (so a 4-move row that ran 8-way says so). */
function runOurs(
  instance: CrowdInstance,
  moves: 8 | 4,
  seconds: number,
): { result: CrowdResult; diagonal: boolean } {
  let diagonal = false;
  const watch =
    moves === 4
      ? (line: string) => {
          if (diagonal || !line.includes('"e":"step"')) return;
          const m = /"from":\[(\d+),(\d+)\],"to":\[(\d+),(\d+)\]/.exec(line);
          if (m && m[1] !== m[3] && m[2] !== m[4]) diagonal = true;
        }
      : undefined;
  const result = runCrowd(instance, { ...CROWD_DEFAULTS, moves, seconds }, { trace: watch });
  return { result, diagonal };
}

/** A short untimed run of both engines, so neither's first row pays for its JIT. */
async function warmUp(ge: GridEngineModule): Promise<void> {
  const first = INSTANCES[0];
  const instance = await loadCrowd(`${FIXTURES}${first.map}`, `${FIXTURES}${first.scen}`, 60);
  for (const moves of [8, 4] as const) {
    runCrowd(await loadCrowd(`${FIXTURES}${first.map}`, `${FIXTURES}${first.scen}`, 60), {
      ...CROWD_DEFAULTS,
      moves,
      seconds: 5,
    });
    const opts = { directions: moves, speed: SPEED, tickHz: TICK_HZ, seconds: 5, wallSeconds: 10 };
    runGridEngineCrowd(ge, instance, opts, gridEngineAloneSeconds(ge, instance.grid, instance.routes, opts));
  }
}

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const ge = await loadGridEngine();
  const out = (line: string) => {
    if (!args.json) console.log(line);
  };
  out(
    `Crowds at ${SPEED} tiles/s, ${TICK_HZ} Hz, up to ${args.seconds} s of game time; grid-engine runs also stop ` +
      `after ${args.geWall} s of wall time (--ge-wall). Absolute times depend on the machine; rows interleave ours and grid-engine.`,
  );
  await warmUp(ge);
  out(HEADER);
  const rows: Row[] = [];
  const emit = (row: Row) => {
    rows.push(row);
    if (args.json) console.log(JSON.stringify({ ...row, ...row.result, result: undefined }));
    else console.log(formatRow(row));
  };
  for (const spec of args.instances) {
    const mapFile = `${FIXTURES}${spec.map}`;
    const scenFile = `${FIXTURES}${spec.scen}`;
    const full = loadScenarios(scenFile).scenarios.length;
    const counts = args.fractions.map((f) => Math.max(1, Math.round((full * f) / 100)));
    const most = Math.max(...counts);
    // Each walker's time alone in grid-engine, once per instance and moves, for the most walkers any row has.
    const alone = new Map<8 | 4, number[]>();
    for (const agents of counts) {
      for (const moves of args.moves) {
        const ours = runOurs(await loadCrowd(mapFile, scenFile, agents), moves, args.seconds);
        emit({
          instance: spec.name,
          agents,
          engine: 'ours',
          moves,
          result: ours.result,
          diagonalSteps: moves === 4 ? ours.diagonal : undefined,
        });
        const opts: GridEngineCrowdOptions = {
          directions: moves,
          speed: SPEED,
          tickHz: TICK_HZ,
          seconds: args.seconds,
          wallSeconds: args.geWall,
          algorithm: args.geAlgorithm,
        };
        let bounds = alone.get(moves);
        if (!bounds) {
          const everyone = await loadCrowd(mapFile, scenFile, most);
          bounds = gridEngineAloneSeconds(ge, everyone.grid, everyone.routes, opts);
          alone.set(moves, bounds);
        }
        const instance = await loadCrowd(mapFile, scenFile, agents);
        emit({
          instance: spec.name,
          agents,
          engine: 'grid-engine',
          moves,
          result: runGridEngineCrowd(ge, instance, opts, bounds),
        });
      }
    }
  }
  if (args.json) return;
  const algorithm = args.geAlgorithm ? `algorithm ${args.geAlgorithm}` : 'its default algorithm';
  console.log(
    [
      '',
      'sum/LB: sum of arrival times over the sum of lower bounds (a walker not arrived counts the whole run, so',
      '  "≥" marks a bound on the true ratio); last/LB: last arrival over the longest lower bound (— unless all',
      "  arrived). Lower bounds: ours, each walker's optimal length under its moves ÷ speed (diagonal √2);",
      "  grid-engine, each walker's time alone in grid-engine (every step, diagonal too, takes 1/speed).",
      'stand: the longest time a walker away from its goal started no step. tick: ms per world tick (ours) or',
      '  per update() (grid-engine; its first update also carries the moveTo calls, which search at once).',
      'grid-engine: moveTo with pathBlockedStrategy and noPathFoundStrategy RETRY (forever, 200 ms back-off),',
      `  ${algorithm}, cacheTileCollisions, ignoreLayers.`,
      `"froze at T s": nobody started a step for ${FROZEN_SECONDS} s; grid-engine has no randomness, so nothing would`,
      '  move again, and the row counts as if run to the cap (its ms/update are over the updates run).',
      '"wall cap at T s": stopped by --ge-wall after T s of game time; its arrived counts those T s only, and',
      '  it has no sum.',
    ].join('\n'),
  );
  if (rows.some((r) => r.diagonalSteps)) {
    console.log(
      '* our world took diagonal steps with moves 4: 4-way movement is not in force in World yet, so these rows\n' +
        '  ran 8-way while their lower bound is the 4-move one.',
    );
  }
}

runMain(main);
