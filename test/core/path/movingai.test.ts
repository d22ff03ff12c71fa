import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PathPlanner } from '../../../src/core/path/PathPlanner.ts';
import type { Algorithm } from '../../../src/core/path/types.ts';
import {
  loadMap,
  loadScenarios,
  MovingAiError,
  matchesPublished,
  parseMap,
  parseScenarios,
} from '../../../tools/lib/movingai.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/movingai/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Sampled Moving AI scenarios: every `every`-th one. The 64-room and 1024² StarCraft maps take A* tens of
 * milliseconds a query, so only JPS samples them here; `npm run scen` covers every scenario of every map.
 */
const SAMPLES: { map: string; every: number; algos: Algorithm[] }[] = [
  { map: 'arena', every: 1, algos: ['astar', 'jps'] },
  { map: 'lak304d', every: 8, algos: ['astar', 'jps'] },
  { map: 'arena2', every: 10, algos: ['astar', 'jps'] },
  { map: 'AR0011SR', every: 16, algos: ['astar', 'jps'] },
  { map: '64room_000', every: 25, algos: ['jps'] },
  { map: 'Cauldron', every: 50, algos: ['jps'] },
];

describe('published optimal lengths of the Moving AI benchmarks', () => {
  for (const { map, every, algos } of SAMPLES) {
    const grid = loadMap(`${FIXTURES}${map}.map`);
    const { scenarios } = loadScenarios(`${FIXTURES}${map}.map.scen`, grid);
    const sample = scenarios.filter((_, i) => i % every === 0);
    const planner = new PathPlanner(grid);
    for (const algo of algos) {
      it(`${algo} on ${map} (${sample.length} of ${scenarios.length} scenarios)`, () => {
        const wrong: string[] = [];
        for (const s of sample) {
          const r = planner.find(
            { start: grid.index(s.startX, s.startY), goal: grid.index(s.goalX, s.goalY) },
            algo,
          );
          const length = r.status === 'found' ? r.cost : null;
          if (!matchesPublished(length, s))
            wrong.push(`(${s.startX},${s.startY})→(${s.goalX},${s.goalY}): ${length} ≠ ${s.optimal}`);
          // The path itself must be as long as the reported cost: count its straight and diagonal steps.
          let walked = 0;
          let at = grid.index(s.startX, s.startY);
          for (const c of r.path) {
            const diag =
              c % grid.width !== at % grid.width &&
              Math.floor(c / grid.width) !== Math.floor(at / grid.width);
            walked += diag ? Math.SQRT2 : 1;
            at = c;
          }
          if (Math.abs(walked - r.cost) > 1e-9 * walked)
            wrong.push(`path walks ${walked}, reported ${r.cost}`);
        }
        expect(wrong).toEqual([]);
      });
    }
  }
});

describe('Moving AI readers', () => {
  it('read both scenario layouts and the map terrain', () => {
    const v1 = parseScenarios('version 1\n0\tmaps/a.map\t3\t2\t0\t0\t2\t1\t2.41421\n', 'a.scen');
    expect(v1.scenarios[0]).toMatchObject({
      width: 3,
      height: 2,
      startX: 0,
      goalX: 2,
      goalY: 1,
      optimal: 2.41421,
    });
    const v10 = parseScenarios('version 1.0\n7 maps/a.map 3 2 0 0 2 1 2.41\n', 'a.scen');
    expect(v10.version).toBe('1.0');
    expect(matchesPublished(1 + Math.SQRT2, v10.scenarios[0])).toBe(true);
    expect(matchesPublished(2.43, v10.scenarios[0])).toBe(false);
    const grid = parseMap('type octile\nheight 2\nwidth 3\nmap\n.GS\n@TW\n', 'a.map');
    expect(Array.from(grid.walkable)).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('name the file and the fault in one sentence', () => {
    expect(() => parseMap('type octile\nheight 2\nwidth 3\nmap\n...\n', 'a.map')).toThrow(
      'a.map: map row 2 of 2 is 0 characters long, expected 3.',
    );
    expect(() => parseMap('type octile\nheight 1\nwidth 3\nmap\n.x.\n', 'a.map')).toThrow(
      'a.map: unknown terrain "x" at x 1, y 0 (expected one of . G S @ O T W).',
    );
    expect(() => parseScenarios('version 2\n', 'b.scen')).toThrow(MovingAiError);
    expect(() => parseScenarios('version 1\n0\tm\t3\t2\t0\t0\t5\t1\t2\n', 'b.scen')).toThrow(
      'b.scen: line 2 has a start or goal outside its 3 × 2 map.',
    );
  });
});

describe('the scen tool', () => {
  const scen = (...args: string[]) => {
    try {
      return {
        out: execFileSync(process.execPath, ['--import', 'tsx', 'tools/cli/scen.ts', ...args], {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: 'pipe',
        }),
        err: '',
        code: 0,
      };
    } catch (e) {
      const x = e as { stdout: string; stderr: string; status: number };
      return { out: x.stdout, err: x.stderr, code: x.status };
    }
  };

  it('prints one JSON line per query and a summary with no mismatches', () => {
    const r = scen('--map', `${FIXTURES}arena.map`, '--scen', `${FIXTURES}arena.map.scen`, '--algo', 'jps');
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(161);
    expect(Object.keys(lines[0])).toEqual(['i', 'length', 'expanded', 'us']);
    // Scenario 2 of arena: (1, 13) → (4, 12), published 3.41421.
    expect(lines[2].length).toBeCloseTo(2 + Math.SQRT2, 12);
    expect(lines[160]).toMatchObject({ summary: true, queries: 160, found: 160, mismatches: 0 });
  });

  it('refuses JPS with 4 moves and bad files with one sentence and exit code 1', () => {
    const jps4 = scen(
      '--map',
      `${FIXTURES}arena.map`,
      '--scen',
      `${FIXTURES}arena.map.scen`,
      '--algo',
      'jps',
      '--moves',
      '4',
    );
    expect(jps4.code).toBe(1);
    expect(jps4.err.trim()).toMatch(/^--algo jps needs 8-connected moves.*\.$/);
    const missing = scen('--map', 'nope.map', '--scen', 'nope.map.scen');
    expect(missing).toMatchObject({ code: 1, err: 'map file nope.map does not exist.\n' });
    const wrongScen = scen('--map', `${FIXTURES}arena.map`, '--scen', `${FIXTURES}lak304d.map.scen`);
    expect(wrongScen.code).toBe(1);
    expect(wrongScen.err).toBe(
      'lak304d.map.scen: scenario 0 is for a 193 × 194 map, but the map is 49 × 49.\n',
    );
    expect(scen('--map').err).toMatch(/^--map needs a value; usage: scen/);
  });

  it('reads only regular text files: a binary scenario file and /dev/zero are one sentence, exit code 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scen-'));
    const binary = join(dir, 'noise.scen');
    writeFileSync(binary, Buffer.from(Array.from({ length: 1400 }, (_, i) => (i * 73 + 11) % 256)));
    const noise = scen('--map', `${FIXTURES}arena.map`, '--scen', binary);
    expect(noise).toMatchObject({
      code: 1,
      err: `scenario file ${binary} cannot be read: it holds binary data, not text.\n`,
    });
    const zero = scen('--map', '/dev/zero', '--scen', binary);
    expect(zero).toMatchObject({
      code: 1,
      err: 'map file /dev/zero cannot be read: it is a device, a pipe or a socket, not a regular file.\n',
    });
  });
});
