/**
 * Headless world runner, for checking and tuning:
 *   npm run --silent sim -- --map FILE --enemies N --ticks T --seed S [--aggro R] [--trace FILE] [--queries FILE]
 * FILE is a Tiled map (.tmj/.json or .tmx) or a Moving AI grid (.map). The player wanders (seeded: every few seconds
 * it is sent to a random tile it can reach); `--enemies N` places exactly N enemies, the map's enemy spawns
 * first, then seeded random free tiles. Prints one JSON summary line; `--trace` writes the run as JSON Lines
 * (the format `check-trace` reads); `--queries` writes every search the world ran as JSON Lines (the query log,
 * see tools/lib/queryLog.ts). Bad arguments or files: one sentence on stderr, exit code 1.
 */
import { isSeedText, SEED_RANGE, traceHeader, traceLine } from '../../src/core/world/index.ts';
import { LineWriter } from '../lib/LineWriter.ts';
import { QueryLog } from '../lib/queryLog.ts';
import { runMain } from '../lib/runMain.ts';
import { loadSessionMap, runSession, type SessionOptions } from '../lib/session.ts';

const USAGE =
  'usage: npm run --silent sim -- --map FILE --enemies N --ticks T --seed S [--aggro R] [--tick-hz 20|30] [--moves 8|4] [--trace FILE] [--queries FILE]';

const FLAGS = [
  '--map',
  '--enemies',
  '--ticks',
  '--seed',
  '--aggro',
  '--trace',
  '--queries',
  '--tick-hz',
  '--moves',
];

class UsageError extends Error {}

/** The session's own options, and the map and the files to write. */
interface Args extends SessionOptions {
  map: string;
  trace?: string;
  queries?: string;
}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!FLAGS.includes(flag)) {
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
  // Seeds as the page takes them (`?seed=`).
  const seedText = values.get('--seed');
  if (seedText !== undefined && !isSeedText(seedText))
    throw new UsageError(`--seed must be a whole number ${SEED_RANGE}, got "${seedText}".`);
  const seed = seedText === undefined ? 1 : Number(seedText);
  const aggroText = values.get('--aggro');
  const aggro = aggroText === undefined ? undefined : Number(aggroText);
  if (aggro !== undefined && !(aggro >= 0 && Number.isFinite(aggro))) {
    throw new UsageError(`--aggro must be a number of tiles ≥ 0, got "${aggroText}".`);
  }
  const tickHz = int('--tick-hz', 20, 1)!;
  if (tickHz !== 20 && tickHz !== 30) throw new UsageError(`--tick-hz must be 20 or 30, got ${tickHz}.`);
  const moves = int('--moves', undefined, 1);
  if (moves !== undefined && moves !== 8 && moves !== 4)
    throw new UsageError(`--moves must be 8 or 4, got ${moves}.`);
  return {
    map,
    moves,
    enemies: int('--enemies', undefined, 0),
    ticks: int('--ticks', 2000, 1)!,
    seed,
    aggro,
    tickHz,
    trace: values.get('--trace'),
    queries: values.get('--queries'),
  };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const map = await loadSessionMap(args.map);
  const writer = (file: string | undefined, what: string) =>
    file ? new LineWriter(file, (f) => new UsageError(`${f}: the ${what} file cannot be written.`)) : null;
  const trace = writer(args.trace, 'trace');
  const queries = writer(args.queries, 'query log');
  const summary = runSession(map, args, {
    onWorld(world) {
      trace?.line(traceHeader(world));
      if (queries) new QueryLog(world, (line) => queries.line(line));
    },
    afterTick(world) {
      if (!trace) return;
      for (let i = 0; i < world.events.count; i++) {
        const line = traceLine(world.events.at(i));
        if (line) trace.line(line);
      }
    },
  });
  trace?.close();
  queries?.close();
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}

runMain(main);
