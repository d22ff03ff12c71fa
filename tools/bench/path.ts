/**
 * Path benchmark (`npm run bench:path`, part of `npm run bench`): prints figures, never fails.
 *
 * For each Moving AI map in test/fixtures/movingai, the same 80 evenly sampled scenarios, one process, one
 * timed run after the same warm-up for each: our A* and JPS against EasyStar.js, PathFinding.js (A*, JPS) and
 * grid-engine's A* (`--ge-all`: its JPS and bidirectional search too). Median microseconds per query (each
 * pathfinder's queries run alone, and interleaved with the others), each peer's time over ours, mean
 * expanded nodes, and how many path lengths agree with the published optimum (and how the others differ). Then the heap over 10,000 searches (run with
 * `node --expose-gc` for the retained figure).
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ShortestPathAlgorithmType } from 'grid-engine';
import { PathPlanner } from '../../src/core/path/index.ts';
import { loadMap, loadScenarios, matchesPublished, type Scenario } from '../lib/movingai.ts';
import { easyStar, gridEngine, type Peer, type PeerQuery, pathFindingJs } from '../lib/pathPeers.ts';
import { describeSearchHeap, searchHeap } from '../lib/searchHeap.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/movingai/', import.meta.url));
const MAPS = [
  { name: 'arena', game: 'Dragon Age' },
  { name: 'lak304d', game: 'Dragon Age' },
  { name: 'arena2', game: 'Dragon Age' },
  { name: 'AR0011SR', game: "Baldur's Gate" },
  { name: '64room_000', game: 'rooms' },
  { name: 'Cauldron', game: 'StarCraft' },
];
const SAMPLE = 80;
/** Warm-up per pathfinder and map, so every one runs JIT-compiled code when timed. */
const WARMUP_MS = 300;
/** Rounds of the 80 queries each pathfinder runs alone (taking turns), while it has spent less than ALONE_MS. */
const ALONE_ROUNDS = 10;
const ALONE_MS = 200;
/** Rounds shorter than this are run once untimed before each timed one (see measureAll). */
const WARM_ROUND_MS = 20;
const WARMUP_MIN_QUERIES = 3;
/**
 * A peer marked `sampledWhenSlow` (grid-engine: up to seconds a query on the 512² and 1024² maps) whose round
 * of all the queries would take longer than this is timed on every k-th query only, so the bench stays
 * within minutes.
 */
const SLOW_ROUND_MS = 30_000;

interface Row {
  name: string;
  /** Median µs per query, the peer's queries run one after another. */
  aloneUs: number;
  /** Median µs per query, interleaved query by query with the other peers. */
  medianUs: number;
  meanExpanded: number | null;
  agree: number;
  /** Queries this peer was timed and checked on (all of them, or every `stride`-th for a slow peer). */
  sampled: number;
  stride: number;
  /** Of the lengths that disagree with the published optimum: how many are shorter, longer, or missing. */
  shorter: number;
  longer: number;
  missing: number;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * What a timed interval costs with nothing in it: the median of back-to-back `performance.now()` pairs
 * (~80 ns here). It is taken off every query's time, for every pathfinder alike, so a microsecond search is
 * not charged for the clock.
 */
function timerOverheadUs(): number {
  const empty: number[] = [];
  for (let i = 0; i < 20000; i++) {
    const t0 = performance.now();
    empty.push((performance.now() - t0) * 1000);
  }
  return median(empty);
}
const TIMER_US = timerOverheadUs();

/** Microseconds since `t0` (a `performance.now()`), less the timer's own cost. */
function sinceUs(t0: number): number {
  return Math.max(0, (performance.now() - t0) * 1000 - TIMER_US);
}

/**
 * Runs each peer on the queries until it has had `budgetMs` (JIT warm-up), and at least WARMUP_MIN_QUERIES,
 * and returns its estimated milliseconds per round of all the queries. The budget is time only, not also a
 * count of queries: V8 optimises a function after it has run for a while, so a count would stop a
 * microsecond pathfinder half-compiled while a slow one was done. Queries are visited in a spread order
 * (the sample runs from short to long paths), so a slow peer's few warm-up queries estimate its round fairly.
 */
function warmUp(peer: Peer, queries: PeerQuery[], budgetMs: number): number {
  const n = queries.length;
  let step = 29;
  while (n % step === 0) step++;
  const t0 = performance.now();
  let k = 0;
  for (; k < WARMUP_MIN_QUERIES || performance.now() - t0 < budgetMs; k++)
    peer.solve(queries[(k * step) % n]);
  return ((performance.now() - t0) / k) * n;
}

/**
 * Times every peer on every query twice, and reports both medians:
 * - run alone: each peer answers the 80 queries one after another, as a game asks its pathfinder for a batch
 *   of paths in one tick, so its code and memory are in the caches as they are in a game that keeps asking;
 *   the peers take turns round after round (up to ALONE_ROUNDS, each while within ALONE_MS: slow peers get
 *   one), so a change in the machine's speed during the run falls on all of them, and a round shorter than
 *   WARM_ROUND_MS runs once untimed just before it is timed, so it starts warm whoever ran before;
 * - interleaved: query by query, each peer after the others, so a busy machine slows them alike, but every
 *   query starts with caches full of the other peers' data. That costs a pathfinder that reuses its memory
 *   (ours) a few microseconds a query, and one that allocates afresh per query (the peers) nearly nothing, so
 *   on tiny maps it measures cache misses more than search.
 * Ratios and goals are computed on both.
 */
function measureAll(peers: Peer[], queries: PeerQuery[], scenarios: Scenario[]): Row[] {
  const roundMs = peers.map((peer) => warmUp(peer, queries, WARMUP_MS));
  const stride = roundMs.map((ms, p) =>
    peers[p].sampledWhenSlow ? Math.max(1, Math.ceil(ms / SLOW_ROUND_MS)) : 1,
  );
  const alone = peers.map(() => [] as number[]);
  const times = peers.map(() => [] as number[]);
  const expanded = peers.map(() => ({ sum: 0, counted: 0 }));
  const agree = peers.map(() => 0);
  const off = peers.map(() => ({ shorter: 0, longer: 0, missing: 0 }));
  // Rounds take turns (ours, then each peer, then ours again...), so a machine that slows down or speeds up
  // for a while does so for every pathfinder alike, not for whichever happened to be running.
  const spent = peers.map(() => 0);
  for (let round = 0; round < ALONE_ROUNDS; round++) {
    for (let p = 0; p < peers.length; p++) {
      if (round > 0 && spent[p] >= ALONE_MS) continue;
      // A short round first runs once untimed, so the timed one finds the pathfinder's own code and data in
      // the caches, as a game that keeps asking does, and not the previous peer's.
      if (roundMs[p] < WARM_ROUND_MS) for (let k = 0; k < queries.length; k++) peers[p].solve(queries[k]);
      const t0 = performance.now();
      for (let k = 0; k < queries.length; k += stride[p]) {
        const t1 = performance.now();
        peers[p].solve(queries[k]);
        alone[p].push(sinceUs(t1));
      }
      spent[p] += performance.now() - t0;
    }
  }
  for (let k = 0; k < queries.length; k++) {
    for (let p = 0; p < peers.length; p++) {
      if (k % stride[p] !== 0) continue;
      const t0 = performance.now();
      const length = peers[p].solve(queries[k]);
      times[p].push(sinceUs(t0));
      const e = peers[p].lastExpanded();
      if (e !== null) {
        expanded[p].sum += e;
        expanded[p].counted++;
      }
      if (matchesPublished(length, scenarios[k])) agree[p]++;
      else if (length === null) off[p].missing++;
      else if (length < scenarios[k].optimal) off[p].shorter++;
      else off[p].longer++;
    }
  }
  return peers.map((peer, p) => ({
    name: peer.name,
    aloneUs: median(alone[p]),
    medianUs: median(times[p]),
    meanExpanded: expanded[p].counted ? expanded[p].sum / expanded[p].counted : null,
    agree: agree[p],
    sampled: times[p].length,
    stride: stride[p],
    ...off[p],
  }));
}

function ours(planner: PathPlanner, algo: 'astar' | 'jps'): Peer {
  const w = planner.grid.width;
  let expanded = 0;
  return {
    name: algo === 'astar' ? 'ours A*' : 'ours JPS',
    solve(q) {
      const r = planner.find({ start: q.sy * w + q.sx, goal: q.gy * w + q.gx }, algo);
      expanded = r.expanded;
      return r.status === 'found' ? r.cost : null;
    },
    lastExpanded: () => expanded,
  };
}

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
/** Pads to `n`, and always leaves a space after (huge ratios outgrow their column). */
const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));

async function benchMaps(): Promise<void> {
  const goals: string[] = [];
  console.log(
    `Times per query less the timer's own ${(TIMER_US * 1000).toFixed(0)} ns (an empty timed interval).`,
  );
  let geWhy: string | null = null;
  // `--map NAME` benches one map (quick to repeat while tuning).
  const only = process.argv.indexOf('--map');
  const maps = only >= 0 ? MAPS.filter((m) => m.name === process.argv[only + 1]) : MAPS;
  // grid-engine's A* is its fastest search on every map here; its JPS and bidirectional search take 2-6× as
  // long (up to a second a query on the 512² maps, so minutes a map): `--ge-all` adds them.
  const geAlgos: ShortestPathAlgorithmType[] = process.argv.includes('--ge-all')
    ? ['A_STAR', 'JPS', 'BIDIRECTIONAL_SEARCH']
    : ['A_STAR'];
  for (const { name, game } of maps) {
    const grid = loadMap(`${FIXTURES}${name}.map`);
    const all = loadScenarios(`${FIXTURES}${name}.map.scen`, grid).scenarios;
    const step = Math.max(1, Math.floor(all.length / SAMPLE));
    const scenarios = all.filter((_, i) => i % step === 0).slice(0, SAMPLE);
    const queries = scenarios.map((s) => ({ sx: s.startX, sy: s.startY, gx: s.goalX, gy: s.goalY }));
    const planner = new PathPlanner(grid);
    const peers: Peer[] = [
      ours(planner, 'astar'),
      ours(planner, 'jps'),
      easyStar(grid),
      pathFindingJs(grid, 'astar'),
      pathFindingJs(grid, 'jps'),
    ];
    for (const algo of geAlgos) {
      const ge = await gridEngine(grid, algo);
      if (typeof ge === 'string') geWhy = ge;
      else peers.push(ge);
    }
    const rows = measureAll(peers, queries, scenarios);
    const [astar, jps] = rows;
    console.log(
      `\n${name} (${game}, ${grid.width}×${grid.height}), ${queries.length} of ${all.length} scenarios`,
    );
    console.log(
      `${pad('pathfinder', 22)}${pad('alone', 11)}${pad('÷ A*', 8)}${pad('÷ JPS', 9)}` +
        `${pad('interleaved', 13)}${pad('÷ A*', 8)}${pad('÷ JPS', 9)}${pad('expanded', 10)}optimal`,
    );
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    for (const r of rows) {
      console.log(
        `${pad(r.name, 22)}${pad(fmt(r.aloneUs), 11)}${pad(ratio(r.aloneUs, astar.aloneUs), 8)}` +
          `${pad(ratio(r.aloneUs, jps.aloneUs), 9)}${pad(fmt(r.medianUs), 13)}` +
          `${pad(ratio(r.medianUs, astar.medianUs), 8)}${pad(ratio(r.medianUs, jps.medianUs), 9)}` +
          `${pad(r.meanExpanded === null ? 'n/a' : Math.round(r.meanExpanded).toString(), 10)}${r.agree}/${r.sampled}`,
      );
    }
    for (const r of rows) {
      if (r.stride > 1) {
        console.log(
          `  ${r.name}: timed on 1 query in ${r.stride} only (${r.sampled} of ${queries.length}), ` +
            `a round of all of them taking it over ${SLOW_ROUND_MS / 1000} s`,
        );
      }
      if (r.agree === r.sampled) continue;
      console.log(
        `  ${r.name}: ${r.sampled - r.agree} lengths differ from the published optimum: ` +
          `${r.longer} longer, ${r.shorter} shorter, ${r.missing} not found`,
      );
    }
    const es = rows[2];
    const jpsGoal = game === 'Dragon Age' || game === "Baldur's Gate" ? ' (goal ≥ 20×)' : '';
    goals.push(
      `${name}: A* ${ratio(es.aloneUs, astar.aloneUs)} EasyStar alone, ${ratio(es.medianUs, astar.medianUs)} interleaved (goal ≥ 3×); ` +
        `JPS ${ratio(es.aloneUs, jps.aloneUs)} alone, ${ratio(es.medianUs, jps.medianUs)} interleaved${jpsGoal}`,
    );
  }
  if (geWhy) console.log(`\ngrid-engine not measured: ${geWhy}`);
  else {
    console.log(
      "\ngrid-engine's rules differ from Moving AI's: every step costs 1 (diagonal too) and a diagonal only needs " +
        'its destination free (it cuts corners), so its paths are shortest in steps; their octile length is ' +
        'longer than the optimum where they take needless diagonals, shorter where they cut a corner.',
    );
  }
  console.log(`\nGoals:\n  ${goals.join('\n  ')}`);
}

/** Heap over 10,000 searches on lak304d, A* and JPS (tools/lib/searchHeap.ts). */
async function benchHeap(): Promise<void> {
  const grid = loadMap(`${FIXTURES}lak304d.map`);
  const scenarios = loadScenarios(`${FIXTURES}lak304d.map.scen`, grid).scenarios;
  const queries = scenarios.map((s) => ({
    start: grid.index(s.startX, s.startY),
    goal: grid.index(s.goalX, s.goalY),
  }));
  const planner = new PathPlanner(grid);
  console.log('\nHeap over 10,000 searches on lak304d (one planner, results dropped):');
  for (const algo of ['astar', 'jps'] as const) {
    for (let k = 0; k < 2000; k++) planner.find(queries[k % queries.length], algo);
    const heap = await searchHeap((k) => planner.find(queries[k % queries.length], algo).path.length);
    console.log(
      `  ${pad(algo, 6)} ${describeSearchHeap(heap)}; ` +
        (heap.retained !== null
          ? `retained after 10,000 searches and a full GC: ${(heap.retained / 1024).toFixed(1)} KB`
          : 'retained: run with node --expose-gc'),
    );
  }
}

// `--heap` runs only the heap part (quick to repeat while tuning).
if (!process.argv.includes('--heap')) await benchMaps();
await benchHeap();
