import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

/** Runs the tool as `npm run map:inspect` does (tsx tools/map-inspect.ts …). */
function inspect(...args: string[]) {
  const r = spawnSync(TSX, ['tools/map-inspect.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('map:inspect, the map author’s view of how the game reads a map', () => {
  it('prints one JSON object with the size, counts, spawns and layers, and the rows with --grid', () => {
    const file = 'test/fixtures/tiled/tuxemon/tilemaps/tuxemon-town.json';
    const { code, stdout, stderr } = inspect(file, '--grid');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const golden = JSON.parse(readFileSync(`${ROOT}test/fixtures/tiled/expected/tuxemon-town.json`, 'utf8'));
    expect(Object.keys(report)).toEqual([
      'width',
      'height',
      'tileWidth',
      'tileHeight',
      'orientation',
      'walkable',
      'blocked',
      'spawns',
      'layers',
      'rows',
    ]);
    expect(report).toMatchObject({
      width: 40,
      height: 40,
      tileWidth: 32,
      tileHeight: 32,
      orientation: 'orthogonal',
    });
    expect([report.walkable, report.blocked]).toEqual([golden.walkable, golden.blocked]);
    expect(report.rows).toEqual(golden.rows);
    expect(report.spawns).toEqual([{ type: 'player', x: 11, y: 38, properties: {} }]);
    expect(report.layers[3]).toEqual({
      name: 'Objects',
      kind: 'object',
      visible: false,
      collision: false,
      above: false,
      properties: {},
    });
  });

  it('bad input: the sentence on stderr, exit code 1, nothing on stdout, no stack trace', () => {
    for (const args of [
      ['test/fixtures/tiled/grid-engine/isometric.json'],
      ['no/such/map.tmj'],
      ['test/fixtures/tiled/expected/one-way.json'],
      [],
      ['a.tmj', '--rows'],
    ]) {
      const { code, stdout, stderr } = inspect(...args);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/\.$/);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(inspect('no/such/map.tmj').stderr).toBe(
      'no/such/map.tmj: the map cannot be read (no such file).\n',
    );
  });
});
