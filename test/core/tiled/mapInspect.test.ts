import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('checks a regular file of a sane size before reading it: /dev/zero and a binary file are one sentence', () => {
    const zero = inspect('/dev/zero');
    expect(zero).toMatchObject({ code: 1, stdout: '' });
    expect(zero.stderr).toBe(
      '/dev/zero: the map cannot be read (it is a device, a pipe or a socket, not a regular file).\n',
    );
    const dir = mkdtempSync(join(tmpdir(), 'inspect-'));
    const binary = join(dir, 'map.tmj');
    writeFileSync(binary, Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x01, 0x02, 0x7d]));
    expect(inspect(binary)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${binary}: the map cannot be read (it holds binary data, not text).\n`,
    });
  });

  it('refuses a map whose tileset image is missing, as the game does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'inspect-'));
    mkdirSync(join(dir, 'maps'));
    copyFileSync(`${ROOT}maps/town.tmj`, join(dir, 'maps', 'town.tmj'));
    copyFileSync(`${ROOT}maps/tuxemon.tsj`, join(dir, 'maps', 'tuxemon.tsj'));
    const map = join(dir, 'maps', 'town.tmj');
    expect(inspect(map)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Image ${join(dir, 'assets', 'tilesets', 'tuxemon-32px.png')} of tileset "tuxemon" does not exist, so map ${map} cannot be drawn.\n`,
    });
    // With the image beside it, the same map passes.
    mkdirSync(join(dir, 'assets', 'tilesets'), { recursive: true });
    copyFileSync(
      `${ROOT}assets/tilesets/tuxemon-32px.png`,
      join(dir, 'assets', 'tilesets', 'tuxemon-32px.png'),
    );
    expect(inspect(map).code).toBe(0);
  });
});
