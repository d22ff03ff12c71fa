/**
 * One-shot crowds through the world, as the multi-agent pathfinding benchmark poses them:
 *   npm run --silent crowd -- --map FILE (--scen FILE.scen | --rows SEED) --agents N [--moves 8|4]
 *     [--speed TILES_PER_S] [--tick-hz 20|30] [--seconds S] [--seed S] [--trace FILE] [--queries FILE]
 * FILE is a Moving AI `.map` or a Tiled map; the first N rows of the scenario give N passive walkers, each
 * placed on its start and sent to its goal on tick 0. `--rows SEED` instead draws N starts and N goals from
 * the map's largest region (seeded): rows the crowd was not tuned on. Runs until every walker stands on its goal or S seconds
 * (300) have passed, and prints one JSON line (see tools/lib/crowd.ts for the fields). `--queries` writes every
 * search the world ran (the query log, tools/lib/queryLog.ts). Bad arguments or rows: one sentence on stderr,
 * exit code 1.
 */
import { isSeedText, SEED_RANGE } from '../../src/core/world/index.ts';
import { CROWD_DEFAULTS, type CrowdOptions, loadCrowd, runCrowd, seededCrowd } from '../lib/crowd.ts';
import { LineWriter } from '../lib/LineWriter.ts';
import { MovingAiError } from '../lib/movingai.ts';
import { QueryLog } from '../lib/queryLog.ts';
import { runMain } from '../lib/runMain.ts';

const USAGE =
  'usage: npm run --silent crowd -- --map FILE (--scen FILE.scen | --rows SEED) --agents N [--moves 8|4] [--speed TILES_PER_S] [--tick-hz 20|30] [--seconds S] [--seed S] [--trace FILE] [--queries FILE]';

const FLAGS = [
  '--map',
  '--scen',
  '--rows',
  '--agents',
  '--moves',
  '--speed',
  '--tick-hz',
  '--seconds',
  '--seed',
  '--trace',
  '--queries',
];

interface Args extends CrowdOptions {
  map: string;
  /** The scenario file, or null for rows drawn with `rows` as the seed. */
  scen: string | null;
  rows: number;
  agents: number;
  trace?: string;
  queries?: string;
}

function parseArgs(argv: readonly string[]): Args {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!FLAGS.includes(flag)) throw new MovingAiError(`unknown argument "${flag}" (${USAGE}).`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--'))
      throw new MovingAiError(`${flag} needs a value (${USAGE}).`);
    values.set(flag, value);
  }
  const need = (flag: string): string => {
    const v = values.get(flag);
    if (v === undefined) throw new MovingAiError(`${flag} is required (${USAGE}).`);
    return v;
  };
  const whole = (flag: string, fallback: number, min: number): number => {
    const v = values.get(flag);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min)
      throw new MovingAiError(`${flag} must be a whole number ≥ ${min}, got "${v}".`);
    return n;
  };
  // Seeds as the page takes them (`?seed=`).
  const seed = (flag: string, fallback: number): number => {
    const v = values.get(flag);
    if (v === undefined) return fallback;
    if (!isSeedText(v)) throw new MovingAiError(`${flag} must be a whole number ${SEED_RANGE}, got "${v}".`);
    return Number(v);
  };
  const positive = (flag: string, fallback: number): number => {
    const v = values.get(flag);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
      throw new MovingAiError(`${flag} must be a number above 0, got "${v}".`);
    return n;
  };
  const map = need('--map');
  const scen = values.get('--scen') ?? null;
  if ((scen === null) === !values.has('--rows'))
    throw new MovingAiError(`give either --scen FILE.scen or --rows SEED, not both or neither (${USAGE}).`);
  const rows = seed('--rows', 0);
  const agents = whole('--agents', Number.NaN, 1);
  if (Number.isNaN(agents)) throw new MovingAiError(`--agents N is required (${USAGE}).`);
  const moves = whole('--moves', CROWD_DEFAULTS.moves, 1);
  if (moves !== 8 && moves !== 4) throw new MovingAiError(`--moves must be 8 or 4, got ${moves}.`);
  const tickHz = whole('--tick-hz', CROWD_DEFAULTS.tickHz, 1);
  if (tickHz !== 20 && tickHz !== 30) throw new MovingAiError(`--tick-hz must be 20 or 30, got ${tickHz}.`);
  const speed = positive('--speed', CROWD_DEFAULTS.speed);
  if (speed > tickHz / 2)
    throw new MovingAiError(`--speed must be at most ${tickHz / 2} tiles/s at ${tickHz} Hz, got ${speed}.`);
  return {
    map,
    scen,
    rows,
    agents,
    moves,
    speed,
    tickHz,
    seconds: positive('--seconds', CROWD_DEFAULTS.seconds),
    seed: seed('--seed', CROWD_DEFAULTS.seed),
    trace: values.get('--trace'),
    queries: values.get('--queries'),
  };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const instance =
    args.scen === null
      ? await seededCrowd(args.map, args.agents, args.rows)
      : await loadCrowd(args.map, args.scen, args.agents);
  const writer = (file: string | undefined, what: string) =>
    file ? new LineWriter(file, (f) => new MovingAiError(`${f}: the ${what} file cannot be written.`)) : null;
  const trace = writer(args.trace, 'trace');
  const queries = writer(args.queries, 'query log');
  const result = runCrowd(instance, args, {
    trace: trace ? (l) => trace.line(l) : undefined,
    onWorld: queries ? (world) => new QueryLog(world, (l) => queries.line(l)) : undefined,
  });
  trace?.close();
  queries?.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

runMain(main);
