/**
 * Game benchmark (`npm run bench:game`): prints figures, never fails.
 *
 * Replays the searches of real play sessions (tools/lib/gameSessions.ts: town, dungeon, field, a crowd on
 * lak304d), each recorded afresh as a query log, through our planner and through EasyStar.js given the same
 * occupied cells, both warmed on the log for the same time, then timed query by query in one pass (chunks of
 * the log taking turns, so a change in the machine's speed falls on both, each turn starting with an empty young
 * generation so a side pays for its own garbage). Per log: median, p99 and max µs of
 * every search and of the long ones (path cost ≥ 30), EasyStar's time over ours, searches over 1 and 5 ms, and
 * how many of our results equal a replay through A*'s general loop without any limit (the optimum under the
 * same policy). Then the heap over 10,000 logged searches (run with `node --expose-gc` for the retained figure).
 *
 *   npm run bench:game [-- --log town|dungeon|field|crowd] [-- --save DIR] [-- --warm MS] [-- --passes N]
 * (`--passes N`: each search keeps its least time of N timed passes, for a busy machine.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { NavGrid } from '../../src/core/grid/index.ts';
import type { PathQuery, PathResult } from '../../src/core/path/index.ts';
import { PathPlanner } from '../../src/core/path/index.ts';
import { EasyStarReplay } from '../lib/easyStarReplay.ts';
import { GAME_SESSIONS, type GameSession, sessionGrid } from '../lib/gameSessions.ts';
import { parseQueryLine, placeOthers, type Replay, replayOf } from '../lib/queryLog.ts';
import { describeSearchHeap, searchHeap } from '../lib/searchHeap.ts';
import { formatUs, quantile, sinceUs, timerOverheadUs } from '../lib/timing.ts';

/** A search is long when its path costs this much (about 30 tiles). */
const LONG_COST = 30;
/** Queries per turn in a timed pass. */
const CHUNK = 200;

const TIMER_US = timerOverheadUs();

interface Side {
  name: string;
  /** µs per query of the timed pass, in log order. */
  us: Float64Array;
}

/** The reference: A*'s general loop, no limit. */
function reference(planner: PathPlanner, q: PathQuery): PathResult {
  return planner.find({ ...q, maxExpanded: undefined }, 'astar-general');
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

interface Agreement {
  equal: number;
  /** Ours stopped on the query's own iteration limit where the unlimited reference went on. */
  limited: number;
  differ: string[];
}

function agree(replays: Replay[], ours: PathResult[], refs: PathResult[]): Agreement {
  const a: Agreement = { equal: 0, limited: 0, differ: [] };
  for (let k = 0; k < replays.length; k++) {
    const o = ours[k];
    const r = refs[k];
    const limit = replays[k].query.maxExpanded;
    if (o.status === r.status && (o.status === 'none' || close(o.cost, r.cost))) a.equal++;
    else if (limit !== undefined && o.expanded >= limit && o.status !== 'found') a.limited++;
    else a.differ.push(`#${k}: ours ${o.status} ${o.cost}, general A* ${r.status} ${r.cost}`);
  }
  return a;
}

function stats(us: Float64Array, pick: (k: number) => boolean) {
  const xs: number[] = [];
  for (let k = 0; k < us.length; k++) if (pick(k)) xs.push(us[k]);
  const s = Float64Array.from(xs).sort();
  let over1 = 0;
  let over5 = 0;
  for (const v of s) {
    if (v > 1000) over1++;
    if (v > 5000) over5++;
  }
  return {
    n: s.length,
    median: quantile(s, 0.5),
    p99: quantile(s, 0.99),
    max: s[s.length - 1],
    over1,
    over5,
  };
}

/** A session's query log, recorded once. */
interface Recorded {
  session: GameSession;
  lines: string[];
  recordMs: number;
}

async function record(session: GameSession, saveDir: string | null): Promise<Recorded> {
  const t0 = performance.now();
  const lines = await session.record();
  const recordMs = performance.now() - t0;
  if (saveDir) writeFileSync(`${saveDir}/${session.name}.jsonl`, `${lines.join('\n')}\n`);
  return { session, lines, recordMs };
}

async function benchLog({ session, lines, recordMs }: Recorded, warmMs: number, passes: number) {
  const logged = lines.map((l, i) => parseQueryLine(l, `${session.name} log line ${i + 1}`));
  const grid = await sessionGrid(session);
  const replays = logged.map((q) => replayOf(grid, q));
  const planner = new PathPlanner(grid);
  planner.prepare();

  // The reference first (untimed): every answer, and the goal EasyStar is sent to.
  const refs: PathResult[] = [];
  const ours: PathResult[] = [];
  const targets = new Int32Array(replays.length);
  for (let k = 0; k < replays.length; k++) {
    const r = replays[k];
    placeOthers(grid, r.others, true);
    refs.push(reference(planner, r.query));
    ours.push(planner.find(r.query));
    placeOthers(grid, r.others, false);
    const ref = refs[k];
    const goals = r.query.goal;
    targets[k] =
      ref.status === 'found'
        ? ref.path.length > 0
          ? ref.path[ref.path.length - 1]
          : r.query.start
        : typeof goals === 'number'
          ? goals
          : goals[0];
  }
  const agreement = agree(replays, ours, refs);
  const long = (k: number) => refs[k].status === 'found' && refs[k].cost >= LONG_COST;

  const es = new EasyStarReplay(grid);
  const runOurs = (k: number, timed: boolean): number => {
    const r = replays[k];
    placeOthers(grid, r.others, true);
    const t = performance.now();
    planner.find(r.query);
    const us = timed ? sinceUs(t, TIMER_US) : 0;
    placeOthers(grid, r.others, false);
    return us;
  };
  const runEasyStar = (k: number, timed: boolean): number => {
    const r = replays[k];
    es.prepare(r, targets[k]);
    const t = performance.now();
    const id = es.solve(r, targets[k]);
    const us = timed ? sinceUs(t, TIMER_US) : 0;
    es.finish(id);
    return us;
  };
  const sides: Side[] = [
    { name: 'ours', us: new Float64Array(replays.length) },
    { name: 'EasyStar.js', us: new Float64Array(replays.length) },
  ];
  const runs = [runOurs, runEasyStar];
  // Warm-up: each side runs the log round and round for the same time.
  for (const run of runs) {
    const w0 = performance.now();
    for (let k = 0; performance.now() - w0 < warmMs; k = (k + 1) % replays.length) run(k, false);
  }
  // Each side's turn starts with an empty young generation (a minor collection, untimed), so a side pays for
  // its own garbage only, not for the other's. With `passes` over 1 each search keeps its least time: on a
  // shared machine a pass can be descheduled in the middle of a search.
  const gc = (globalThis as { gc?: (o?: { type: 'minor' | 'major' }) => void }).gc;
  for (const side of sides) side.us.fill(Number.POSITIVE_INFINITY);
  for (let pass = 0; pass < passes; pass++) {
    for (let from = 0; from < replays.length; from += CHUNK) {
      const to = Math.min(replays.length, from + CHUNK);
      for (let s = 0; s < sides.length; s++) {
        gc?.({ type: 'minor' });
        const us = sides[s].us;
        for (let k = from; k < to; k++) us[k] = Math.min(us[k], runs[s](k, true));
      }
    }
  }

  const inPlay = Float64Array.from(logged.map((q) => q.us));
  const all = () => true;
  const row = sides.map((s) => ({ name: s.name, all: stats(s.us, all), long: stats(s.us, long) }));
  const play = { all: stats(inPlay, all), long: stats(inPlay, long) };
  return { session, count: replays.length, recordMs, agreement, row, play };
}

type Result = Awaited<ReturnType<typeof benchLog>>;

const pad = (s: string, n: number) => s.padEnd(n);
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(1)}×` : '–');
const us = (v: number) => (Number.isNaN(v) ? '–' : formatUs(v));

function print(r: Result): void {
  const n = r.count;
  const longN = r.row[0].long.n;
  console.log(`\n${r.session.name}: ${r.session.about}`);
  console.log(
    `  ${n.toLocaleString('en')} searches (recorded in ${(r.recordMs / 1000).toFixed(1)} s), ${longN.toLocaleString('en')} long (cost ≥ ${LONG_COST}); ` +
      `equal to A*'s general loop: ${r.agreement.equal}/${n}` +
      (r.agreement.limited ? `, ${r.agreement.limited} stopped on the query's own limit` : ''),
  );
  for (const d of r.agreement.differ.slice(0, 5)) console.log(`    differs ${d}`);
  console.log(
    `  ${pad('', 14)}${pad('median', 10)}${pad('p99', 10)}${pad('max', 10)}${pad('>1 ms', 7)}${pad('>5 ms', 7)}` +
      `${pad('long: median', 14)}${pad('p99', 10)}max`,
  );
  const line = (name: string, s: Result['play']) =>
    console.log(
      `  ${pad(name, 14)}${pad(us(s.all.median), 10)}${pad(us(s.all.p99), 10)}${pad(us(s.all.max), 10)}` +
        `${pad(String(s.all.over1), 7)}${pad(String(s.all.over5), 7)}` +
        `${pad(us(s.long.median), 14)}${pad(us(s.long.p99), 10)}${us(s.long.max)}`,
    );
  for (const s of r.row) line(s.name, s);
  line('in play (log)', r.play);
  const [o, e] = r.row;
  console.log(
    `  EasyStar ÷ ours: median ${ratio(e.all.median, o.all.median)}, p99 ${ratio(e.all.p99, o.all.p99)}, ` +
      `long median ${ratio(e.long.median, o.long.median)}`,
  );
}

/** Heap over 10,000 searches of a log, replayed round (tools/lib/searchHeap.ts). */
async function benchHeap({ session, lines }: Recorded): Promise<void> {
  const grid: NavGrid = await sessionGrid(session);
  const replays = lines.map((l, i) => replayOf(grid, parseQueryLine(l, `line ${i + 1}`)));
  const planner = new PathPlanner(grid);
  planner.prepare();
  const run = (k: number) => {
    const r = replays[k % replays.length];
    placeOthers(grid, r.others, true);
    const length = planner.find(r.query).path.length;
    placeOthers(grid, r.others, false);
    return length;
  };
  // Three passes first: the code every kind of search takes is compiled before the heap is watched.
  for (let pass = 0; pass < 3; pass++) for (let k = 0; k < Math.min(replays.length, 10000); k++) run(k);
  const heap = await searchHeap(run);
  console.log(
    `Heap over 10,000 searches of the ${session.name} log (one planner, results dropped): ${describeSearchHeap(heap)}; ` +
      (heap.retained !== null
        ? `retained after a full GC: ${(heap.retained / 1024).toFixed(1)} KB`
        : 'retained: run with node --expose-gc'),
  );
}

function option(flag: string): string | null {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

async function main(): Promise<void> {
  const only = option('--log');
  const sessions = only ? GAME_SESSIONS.filter((s) => s.name === only) : GAME_SESSIONS;
  if (sessions.length === 0) {
    throw new Error(`--log must be one of ${GAME_SESSIONS.map((s) => s.name).join(', ')}, got "${only}".`);
  }
  const warmMs = Number(option('--warm') ?? 1000);
  if (!(warmMs >= 0)) throw new Error(`--warm must be milliseconds ≥ 0, got "${option('--warm')}".`);
  const passes = Number(option('--passes') ?? 1);
  if (!Number.isInteger(passes) || passes < 1)
    throw new Error(`--passes must be a whole number ≥ 1, got "${option('--passes')}".`);
  const saveDir = option('--save');
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const logs: Recorded[] = [];
  for (const s of sessions) logs.push(await record(s, saveDir));
  // The heap first, before EasyStar's searches have filled the process with garbage and other code.
  await benchHeap(logs[logs.length - 1]);
  console.log(
    `\nTimes per search less the timer's own ${(TIMER_US * 1000).toFixed(0)} ns` +
      (passes > 1 ? `, each the least of ${passes} timed passes` : ', one timed pass') +
      `; each side warmed ${warmMs} ms on the log.`,
  );
  const results: Result[] = [];
  for (const log of logs) {
    const r = await benchLog(log, warmMs, passes);
    print(r);
    results.push(r);
  }
  console.log('\nSummary (µs; EasyStar ÷ ours):');
  console.log(
    `  ${pad('log', 9)}${pad('searches', 10)}${pad('equal', 13)}${pad('median', 9)}${pad('p99', 9)}${pad('max', 10)}` +
      `${pad('>1ms', 6)}${pad('>5ms', 6)}${pad('÷ median', 10)}${pad('long', 7)}${pad('long med', 10)}÷ long med`,
  );
  for (const r of results) {
    const [o, e] = r.row;
    console.log(
      `  ${pad(r.session.name, 9)}${pad(String(r.count), 10)}${pad(`${r.agreement.equal}/${r.count}`, 13)}` +
        `${pad(o.all.median.toFixed(1), 9)}${pad(o.all.p99.toFixed(1), 9)}${pad(o.all.max.toFixed(0), 10)}` +
        `${pad(String(o.all.over1), 6)}${pad(String(o.all.over5), 6)}${pad(ratio(e.all.median, o.all.median), 10)}` +
        `${pad(String(o.long.n), 7)}${pad(Number.isNaN(o.long.median) ? '–' : o.long.median.toFixed(1), 10)}` +
        `${ratio(e.long.median, o.long.median)}`,
    );
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
