// Big fields for the browser bench and the big-map browser test: the field generator (tools/authoring/maps/field.ts) at
// 1024², 2048² or 4096², from its seed, written at run time (never committed: the 4096² file is ~4 MB) into a
// cache folder that is rebuilt when the generator's sources change, then copied next to the bundled maps.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeField } from '../authoring/maps/field.ts';
import { writeTiledFile } from '../authoring/maps/tiledJson.ts';
import { TOWN_FROM_FIELD } from '../authoring/maps/town.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'big-fields');
/** What the generated maps are made from: a change to any of these makes them again. */
const SOURCES = [
  'tools/authoring/maps/field.ts',
  'tools/authoring/maps/paintTuxemon.ts',
  'tools/authoring/maps/tuxemon.ts',
  'tools/authoring/maps/tiledJson.ts',
];

/** The map name a big field is served under (`?map=field-2048`). */
export function bigFieldName(size: number): string {
  return `field-${size}`;
}

/**
 * Makes sure `maps/field-<size>.tmj` is in `mapsDir` (the built game's maps/ folder); returns the milliseconds
 * spent generating it (0 when the cached file was current).
 */
export function provideBigField(size: number, mapsDir: string): number {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `${bigFieldName(size)}.tmj`);
  const newest = Math.max(...SOURCES.map((s) => statSync(join(ROOT, s)).mtimeMs));
  let spent = 0;
  if (!existsSync(file) || statSync(file).mtimeMs < newest) {
    const t0 = performance.now();
    writeTiledFile(file, makeField(TOWN_FROM_FIELD, size).json);
    spent = performance.now() - t0;
  }
  copyFileSync(file, join(mapsDir, `${bigFieldName(size)}.tmj`));
  return spent;
}
