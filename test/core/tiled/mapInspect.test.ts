import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

/** Runs the tool as `npm run map:inspect` does (tsx tools/cli/map-inspect.ts …). */
function inspect(...args: string[]) {
  const r = spawnSync(TSX, ['tools/cli/map-inspect.ts', ...args], {
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
      'moves',
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
      moves: 8,
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

  it('reads TMX as it reads JSON: the same report for the town saved either way', () => {
    const json = inspect('test/fixtures/tiled/tuxemon/tilemaps/tuxemon-town.json', '--grid');
    const tmx = inspect('test/fixtures/tiled/tmx/tuxemon-town.xml.tmx', '--grid');
    expect([tmx.code, tmx.stderr]).toEqual([0, '']);
    expect(JSON.parse(tmx.stdout)).toEqual(JSON.parse(json.stdout));
  });

  it('bad TMX (truncated, unknown encoding, a short chunk, a 2·10⁹-tile claim, a missing template): one sentence, exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmx-'));
    const ts =
      '<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="t.png" width="64" height="16"/></tileset>';
    const map = (body: string, size = 'width="2" height="2"') =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" ${size} tilewidth="16" tileheight="16">\n ${ts}\n ${body}\n</map>\n`;
    const files: Record<string, [string, RegExp]> = {
      'truncated.tmx': [
        map('<layer name="G"><data encoding="csv">1,2,3,4</data></layer>').slice(0, 200),
        /truncated\.tmx: this TMX map is not well-formed XML \(.*, on line \d+\)\.$/,
      ],
      'encoding.tmx': [
        map('<layer name="G"><data encoding="base32">AAAA</data></layer>'),
        /encoding\.tmx: the data of layer "G" uses the unknown encoding "base32"/,
      ],
      'chunk.tmx': [
        map(
          '<layer name="G"><data encoding="csv"><chunk x="0" y="0" width="2" height="2">1</chunk></data></layer>',
          'width="2" height="2" infinite="1"',
        ),
        /chunk\.tmx: the data of chunk \(0, 0\) of layer "G" holds 1 tiles but the layer needs 4\.$/,
      ],
      'huge.tmx': [
        map('<layer name="G"><data encoding="csv">1</data></layer>', 'width="50000" height="40000"'),
        /huge\.tmx: the map is 50000 × 40000 tiles, more than/,
      ],
    };
    try {
      for (const [name, [text, want]] of Object.entries(files)) {
        writeFileSync(join(dir, name), text);
        const { code, stdout, stderr } = inspect(join(dir, name));
        expect([code, stdout], name).toEqual([1, '']);
        expect(stderr.trim().split('\n'), name).toHaveLength(1);
        expect(stderr.trim(), name).toMatch(want);
        expect(stderr, name).not.toMatch(/Reporting|caused|Error:/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing object template is a warning on stderr and the map still loads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmx-'));
    try {
      const ts =
        '<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="t.png" width="64" height="16"/></tileset>';
      writeFileSync(
        join(dir, 'm.tmx'),
        `<map orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16">${ts}<layer name="G"><data encoding="csv">1,1</data></layer><objectgroup name="O"><object id="7" template="gone.tx" x="0" y="0"/><object id="8" template="gone2.tx" x="0" y="0"/></objectgroup></map>`,
      );
      // The tileset's image is there: map:inspect refuses a map it cannot draw, as the game does.
      copyFileSync(`${ROOT}test/fixtures/tiled/grid-engine/iso_tile.png`, join(dir, 't.png'));
      const { code, stdout, stderr } = inspect(join(dir, 'm.tmx'));
      expect(code).toBe(0);
      expect(JSON.parse(stdout).walkable).toBe(2);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /m\.tmx: object 7 in layer "O" is placed from the template "gone\.tx", which is missing at .*gone\.tx \(no such file\); the object is left out\.$/,
      );
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
