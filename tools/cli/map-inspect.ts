/**
 * For map authors: how the game reads a Tiled map.
 *   npm run --silent map:inspect -- FILE [--grid]
 * Prints one JSON object (size, walkable and blocked counts, spawns, layers; `rows` with --grid: `.` walkable,
 * `#` blocked). JSON (.tmj) and TMX maps alike. Warnings go to stderr, one line each; on bad input: one sentence
 * on stderr, exit code 1; that includes a tileset image that is not there, which the game refuses too (it
 * cannot draw the map).
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadedMap } from '../../src/core/tiled/index.ts';
import { MapLoadError } from '../../src/core/tiled/index.ts';
import { loadMapFile } from '../lib/node-reader.ts';

const USAGE = 'usage: npm run --silent map:inspect -- FILE [--grid]';

export function inspectReport(map: LoadedMap, grid: boolean): Record<string, unknown> {
  const walkable = map.nav.countWalkable();
  const report: Record<string, unknown> = {
    width: map.width,
    height: map.height,
    tileWidth: map.tileWidth,
    tileHeight: map.tileHeight,
    orientation: map.orientation,
    moves: map.moves,
    walkable,
    blocked: map.nav.size - walkable,
    spawns: map.spawns.map((s) => ({ type: s.type, x: s.x, y: s.y, properties: s.properties })),
    layers: map.layers.map((l) => ({
      name: l.name,
      kind: l.kind,
      visible: l.visible,
      collision: l.collision,
      above: l.above,
      properties: l.properties,
    })),
  };
  if (grid) {
    const rows: string[] = [];
    for (let y = 0; y < map.height; y++) {
      let row = '';
      for (let x = 0; x < map.width; x++) row += map.nav.walkable[y * map.width + x] ? '.' : '#';
      rows.push(row);
    }
    report.rows = rows;
  }
  return report;
}

async function main(argv: string[]): Promise<number> {
  let file: string | undefined;
  let grid = false;
  for (const arg of argv) {
    if (arg === '--grid') grid = true;
    else if (arg.startsWith('-')) return fail(`map:inspect: unknown option "${arg}" (${USAGE}).`);
    else if (file === undefined) file = arg;
    else return fail(`map:inspect: one map file at a time, got "${file}" and "${arg}" (${USAGE}).`);
  }
  if (file === undefined) return fail(`map:inspect: no map file given (${USAGE}).`);
  try {
    const map = await loadMapFile(file, { warn: true });
    const missing = missingImage(map, file);
    if (missing) return fail(missing);
    process.stdout.write(`${JSON.stringify(inspectReport(map, grid), null, 2)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof MapLoadError) return fail(e.message);
    return fail(`${file}: the map could not be read (${e instanceof Error ? e.message : String(e)}).`);
  }
}

/** The sentence for the first tileset image that is not a file on disk (web URLs are not checked), or null. */
function missingImage(map: LoadedMap, file: string): string | null {
  for (const image of map.tilesetImages) {
    const local = image.url.startsWith('file:') || !/^[a-z][a-z0-9+.-]*:/i.test(image.url);
    if (!local) continue;
    let path = image.url.startsWith('file:') ? fileURLToPath(image.url) : image.url;
    try {
      path = decodeURI(path);
    } catch {
      // Not percent-encoded after all: look for the name as written.
    }
    let why = '';
    try {
      if (!statSync(path).isFile()) why = 'is not a file';
    } catch {
      why = 'does not exist';
    }
    if (why) return `Image ${image.url} of tileset "${image.name}" ${why}, so map ${file} cannot be drawn.`;
  }
  return null;
}

function fail(sentence: string): number {
  process.stderr.write(`${sentence}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`map:inspect: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
