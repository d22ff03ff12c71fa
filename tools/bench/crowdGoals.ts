/**
 * The crowd issue's goals on rows the crowd was not tuned on (`npm run bench:goals`): prints figures and
 * verdicts, never fails.
 *
 *   npm run bench:goals -- [--maps NAME,...] [--shares 12,25,35] [--rows 1,2,3] [--moves 8,4] [--seconds S]
 *     [--json]
 *
 * For each map (test/fixtures/crowd), share of its free tiles (its largest region), seed and moves: that many
 * walkers with starts and goals drawn by the seed (the crowd tool's `--rows`), sent at once, through our world.
 * Per run: walkers arrived, the sum of arrival times and the last arrival over the lower bounds (each walker's
 * optimal length ÷ speed), the longest stand, ms per tick p99 and max, and the goals it meets: everyone arrives
 * and nobody away from its goal stands over 10 s, at any share; at 12 % or less also a sum within 1.5× and a
 * last arrival within 2×. Then, per share, how many runs met every goal. With 5 maps, 3 shares, 3 seeds and
 * both moves: 90 runs, several minutes.
 */
import { fileURLToPath } from 'node:url';
import { listFlag, movesFlag, percentFlag, readBenchFlags, secondsFlag } from '../lib/benchFlags.ts';
import {
  CROWD_DEFAULTS,
  type CrowdResult,
  largestRegion,
  loadCrowdMap,
  runCrowd,
  seededCrowd,
} from '../lib/crowd.ts';
import { MovingAiError } from '../lib/movingai.ts';
import { runMain } from '../lib/runMain.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/crowd/', import.meta.url));
const MAPS = ['random-32-32-20', 'room-33-33-3', 'maze-34-34-2', 'warehouse-50-18', 'random-64-64-20'];
/** Maps run only when named (`--maps`): a bigger maze and rooms, made after the crowd was tuned, as held-out checks. */
const HELD_OUT = ['maze-64-64-2', 'room-65-65-7'];
/** The goals (issue 15): at every share everyone arrives and nobody stands longer; at SPARSE % or less, more. */
const STAND_S = 10;
const SPARSE = 12;
const SUM = 1.5;
const LAST = 2;

const USAGE =
  'usage: npm run bench:goals -- [--maps NAME,...] [--shares 12,25,35] [--rows 1,2,3] [--moves 8,4] [--seconds S] [--json]';

interface Args {
  maps: string[];
  shares: number[];
  rows: number[];
  moves: (8 | 4)[];
  seconds: number;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const flags = readBenchFlags(argv, ['--maps', '--shares', '--rows', '--moves', '--seconds'], USAGE);
  const maps = listFlag(flags, '--maps', MAPS.join(','));
  for (const m of maps)
    if (!MAPS.includes(m) && !HELD_OUT.includes(m))
      throw new MovingAiError(`--maps: "${m}" is not one of ${[...MAPS, ...HELD_OUT].join(', ')}.`);
  const rows = listFlag(flags, '--rows', '1,2,3').map((r) => {
    const n = Number(r);
    if (r === '' || !Number.isInteger(n) || n < 0)
      throw new MovingAiError(`--rows: "${r}" is not a whole-number seed.`);
    return n;
  });
  return {
    maps,
    shares: percentFlag(flags, '--shares', '12,25,35'),
    rows,
    moves: movesFlag(flags),
    seconds: secondsFlag(flags, '--seconds', 300),
    json: flags.json,
  };
}

/** The goals a run misses (none: it meets them all). */
function misses(share: number, r: CrowdResult): string[] {
  const out: string[] = [];
  if (r.arrived < r.agents) out.push(`${r.agents - r.arrived} not home`);
  if (r.longestStandS > STAND_S) out.push(`a stand of ${r.longestStandS.toFixed(1)} s`);
  if (share <= SPARSE && r.arrived === r.agents) {
    if (r.sumS > SUM * r.lowerBoundSumS) out.push(`sum over ${SUM}×`);
    if ((r.makespanS ?? 0) > LAST * r.lowerBoundMaxS) out.push(`last over ${LAST}×`);
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const ratio = (v: number, lb: number) => `${(v / lb).toFixed(2)}×`.padStart(7);
  const tally = new Map<number, { runs: number; met: number; sums: number[] }>();
  if (!args.json)
    console.log(
      `${'map'.padEnd(16)} share  rows moves walkers arrived    sum   last  stand s  p99 ms  max ms  goals`,
    );
  for (const name of args.maps) {
    const file = `${FIXTURES}${name}.map`;
    const free = largestRegion(await loadCrowdMap(file)).length;
    for (const share of args.shares) {
      const agents = Math.max(1, Math.floor((share / 100) * free));
      for (const seed of args.rows) {
        for (const moves of args.moves) {
          // A fresh grid each run: a crowd occupies the grid it runs on.
          const r = runCrowd(await seededCrowd(file, agents, seed), {
            ...CROWD_DEFAULTS,
            moves,
            seconds: args.seconds,
          });
          const missed = misses(share, r);
          const t = tally.get(share) ?? { runs: 0, met: 0, sums: [] };
          t.runs++;
          if (missed.length === 0) t.met++;
          t.sums.push(r.sumS / r.lowerBoundSumS);
          tally.set(share, t);
          if (args.json) {
            console.log(JSON.stringify({ map: name, share, rows: seed, moves, ...r, misses: missed }));
            continue;
          }
          console.log(
            `${name.padEnd(16)} ${`${share} %`.padStart(5)} ${String(seed).padStart(5)} ${String(moves).padStart(5)} ` +
              `${String(agents).padStart(7)} ${String(r.arrived).padStart(7)} ${ratio(r.sumS, r.lowerBoundSumS)}` +
              `${r.makespanS === null ? '      –' : ratio(r.makespanS, r.lowerBoundMaxS)} ` +
              `${r.longestStandS.toFixed(1).padStart(8)} ${r.tickMsP99.toFixed(2).padStart(7)} ${r.tickMsMax.toFixed(1).padStart(7)}  ` +
              `${missed.length === 0 ? 'met' : missed.join(', ')}`,
          );
        }
      }
    }
  }
  if (args.json) return;
  console.log('');
  for (const [share, t] of [...tally].sort((a, b) => a[0] - b[0])) {
    const mean = t.sums.reduce((s, v) => s + v, 0) / t.sums.length;
    const goals =
      share <= SPARSE
        ? `all home, sum ≤ ${SUM}×, last ≤ ${LAST}×, no stand over ${STAND_S} s`
        : `all home, no stand over ${STAND_S} s`;
    console.log(
      `${`${share} %`.padStart(5)} of free tiles: ${t.met} of ${t.runs} runs meet every goal (${goals}); mean sum ${mean.toFixed(2)}×`,
    );
  }
}

runMain(main);
