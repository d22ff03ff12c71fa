import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../src/core/path/index.ts';
import { parseQueryLine, placeOthers, replayOf } from '../../tools/lib/queryLog.ts';
import { loadSessionMap } from '../../tools/lib/session.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

function tool(script: string, ...args: string[]) {
  const r = spawnSync(TSX, [script, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const FIELDS = [
  't',
  'id',
  'start',
  'goals',
  'moves',
  'occupancy',
  'occupied',
  'maxExpanded',
  'partial',
  'toll',
  'status',
  'cost',
  'expanded',
  'us',
];

/** Replays every logged search on a fresh copy of the map: the same status and cost, without the world. */
async function replaysExactly(map: string, lines: string[]): Promise<void> {
  const grid = (await loadSessionMap(`${ROOT}${map}`)).nav;
  const planner = new PathPlanner(grid);
  for (let i = 0; i < lines.length; i++) {
    const q = parseQueryLine(lines[i], `line ${i + 1}`);
    const r = replayOf(grid, q);
    placeOthers(grid, r.others, true);
    const res = planner.find(r.query);
    placeOthers(grid, r.others, false);
    expect(res.status, `line ${i + 1}`).toBe(q.status);
    expect(Math.abs(res.cost - q.cost), `line ${i + 1}`).toBeLessThanOrEqual(1e-9 * Math.max(1, q.cost));
  }
}

describe('the query log (sim --queries, crowd --queries)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'query-log-'));

  it('sim writes one line per search the world ran, each replayable without the world', async () => {
    const file = join(dir, 'town.jsonl');
    const { code, stdout, stderr } = tool(
      'tools/cli/sim.ts',
      ...['--map', 'maps/town.tmj', '--enemies', '12', '--ticks', '600', '--seed', '3', '--queries', file],
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // Every search the scheduler served, less the chase-field builds (not path searches).
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.length).toBeLessThanOrEqual(summary.pathRequests);
    const first = JSON.parse(lines[0]);
    expect(Object.keys(first)).toEqual(FIELDS);
    const kinds = new Set(lines.map((l) => JSON.parse(l).occupancy.kind));
    expect(kinds).toContain('cost');
    // The town has exits: the player's walks pay their toll, as in the game, and say so; nobody else's do.
    const tolled = lines.map((l) => JSON.parse(l)).filter((q) => q.toll !== null);
    expect(tolled.length).toBeGreaterThan(0);
    for (const q of tolled) {
      expect(q.id).toBe(1);
      expect(q.toll.extra).toBe(5);
      expect(q.toll.cells).toContainEqual([8, 24]);
    }
    // The cells others held are those within the radius of the start.
    for (const l of lines) {
      const q = JSON.parse(l);
      for (const [x, y] of q.occupied)
        expect(Math.max(Math.abs(x - q.start[0]), Math.abs(y - q.start[1]))).toBeLessThanOrEqual(
          q.occupancy.radius,
        );
    }
    await replaysExactly('maps/town.tmj', lines);
  });

  it('crowd writes the same lines for its walkers', async () => {
    const file = join(dir, 'crowd.jsonl');
    const { code, stderr } = tool(
      'tools/cli/crowd.ts',
      ...[
        '--map',
        'test/fixtures/crowd/room-33-33-3.map',
        '--scen',
        'test/fixtures/crowd/room-33-33-3.map.scen',
      ],
      ...['--agents', '40', '--seconds', '20', '--queries', file],
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(40);
    await replaysExactly('test/fixtures/crowd/room-33-33-3.map', lines);
  });

  it('a query log that cannot be written is one sentence and exit code 1', () => {
    const { code, stdout, stderr } = tool(
      'tools/cli/sim.ts',
      ...['--map', 'maps/town.tmj', '--ticks', '10', '--queries', join(dir, 'no-such-dir', 'q.jsonl')],
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/q\.jsonl: the query log file cannot be written\.\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
  });

  it('a bad line is named with its fault', () => {
    expect(() => parseQueryLine('{"start": [1]}', 'log line 7')).toThrow(
      'log line 7: "start" must be an [x, y] cell.',
    );
    expect(() => parseQueryLine('nope', 'log line 2')).toThrow('log line 2: not a JSON line.');
  });
});
