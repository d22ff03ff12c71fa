import { describe, isObject, type Json } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { resolveRelative } from './resolveRelative.ts';
import type { ReadText } from './types.ts';

/** One map of a Tiled world, placed in the world's pixel space. */
export interface WorldMap {
  /** As written in the .world file, relative to it. */
  fileName: string;
  /** Resolved against the .world file: what loadTiledMap takes. */
  url: string;
  /** Top-left corner and size, in world pixels (Tiled keeps the size as the map's at the last save). */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A naming pattern placing every map whose file name matches it (Tiled's "patterns"). */
export interface WorldPattern {
  regexp: RegExp;
  multiplierX: number;
  multiplierY: number;
  offsetX: number;
  offsetY: number;
  mapWidth?: number;
  mapHeight?: number;
}

/** A Tiled world (`.world`): several maps laid out side by side. */
export interface TiledWorld {
  url: string;
  maps: WorldMap[];
  patterns: WorldPattern[];
  onlyShowAdjacentMaps: boolean;
}

/** More maps than this is not a world anyone walks; refusing it bounds the work. */
const MAX_WORLD_MAPS = 10_000;
const MAX_COORD = 2 ** 40;

/** Reads a `.world` file (JSON, as Tiled saves it); a fault is one sentence naming the file. */
export async function loadTiledWorld(url: string, readText: ReadText): Promise<TiledWorld> {
  let text: string;
  try {
    text = await readText(url);
  } catch (e) {
    throw mapError(
      url,
      `the world cannot be read (${e instanceof Error && e.message ? e.message : 'unreadable'})`,
      true,
    );
  }
  return readTiledWorld(text, url);
}

export function readTiledWorld(text: string, url: string): TiledWorld {
  if (/^\s*<(!doctype html|html)/i.test(text)) {
    throw mapError(
      url,
      'the server answered with a web page instead of a world, so the file probably does not exist',
      true,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw mapError(url, `the world is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!isObject(raw)) throw mapError(url, `the file holds ${describe(raw)}, not a Tiled world`);
  if (raw.type === 'map' || raw.type === 'tileset')
    throw mapError(url, `this is a Tiled ${raw.type}, not a world`);
  if (raw.maps === undefined && raw.patterns === undefined) {
    throw mapError(url, 'this is not a Tiled world (it has neither "maps" nor "patterns")');
  }
  const list = raw.maps ?? [];
  if (!Array.isArray(list)) throw mapError(url, `its "maps" is ${describe(list)}, not a list`);
  if (list.length > MAX_WORLD_MAPS)
    throw mapError(url, `it lists ${list.length} maps, more than ${MAX_WORLD_MAPS}`);
  const maps = list.map((m, i) => readWorldMap(m, i, url));
  const patternList = raw.patterns ?? [];
  if (!Array.isArray(patternList))
    throw mapError(url, `its "patterns" is ${describe(patternList)}, not a list`);
  const patterns = patternList.map((p, i) => readPattern(p, i, url));
  return { url, maps, patterns, onlyShowAdjacentMaps: raw.onlyShowAdjacentMaps === true };
}

function readWorldMap(m: unknown, i: number, url: string): WorldMap {
  const what = `map ${i + 1} of the world`;
  if (!isObject(m)) throw mapError(url, `${what} is ${describe(m)}, not an object`);
  if (typeof m.fileName !== 'string' || m.fileName.trim() === '') {
    throw mapError(url, `${what} has no "fileName" (found ${describe(m.fileName)})`);
  }
  const name = `map "${m.fileName}" of the world`;
  return {
    fileName: m.fileName,
    url: resolveRelative(url, m.fileName),
    x: whole(m, 'x', name, url, -MAX_COORD, MAX_COORD),
    y: whole(m, 'y', name, url, -MAX_COORD, MAX_COORD),
    width: whole(m, 'width', name, url, 1, MAX_COORD),
    height: whole(m, 'height', name, url, 1, MAX_COORD),
  };
}

function readPattern(p: unknown, i: number, url: string): WorldPattern {
  const what = `pattern ${i + 1} of the world`;
  if (!isObject(p) || typeof p.regexp !== 'string') throw mapError(url, `${what} has no "regexp"`);
  let regexp: RegExp;
  try {
    // Tiled matches the whole file name.
    regexp = new RegExp(`^(?:${p.regexp})$`);
  } catch {
    throw mapError(
      url,
      `${what} has the regexp ${describe(p.regexp)}, which is not a valid regular expression`,
    );
  }
  const out: WorldPattern = {
    regexp,
    multiplierX: whole(p, 'multiplierX', what, url, -MAX_COORD, MAX_COORD),
    multiplierY: whole(p, 'multiplierY', what, url, -MAX_COORD, MAX_COORD),
    offsetX: p.offsetX === undefined ? 0 : whole(p, 'offsetX', what, url, -MAX_COORD, MAX_COORD),
    offsetY: p.offsetY === undefined ? 0 : whole(p, 'offsetY', what, url, -MAX_COORD, MAX_COORD),
  };
  if (p.mapWidth !== undefined) out.mapWidth = whole(p, 'mapWidth', what, url, 1, MAX_COORD);
  if (p.mapHeight !== undefined) out.mapHeight = whole(p, 'mapHeight', what, url, 1, MAX_COORD);
  return out;
}

function whole(o: Json, key: string, what: string, url: string, min: number, max: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw mapError(url, `${what} has no whole-number "${key}" (found ${describe(v)})`);
  }
  if (v < min || v > max) throw mapError(url, `${what} has "${key}" ${v}, outside ${min}..${max}`);
  return v;
}

/**
 * Places a map file by the world's patterns (the first whose regexp matches its name: x = multiplierX × the first
 * number captured + offsetX, likewise y with the second), or undefined when none matches.
 */
export function placeByPattern(world: TiledWorld, fileName: string): { x: number; y: number } | undefined {
  for (const p of world.patterns) {
    const m = p.regexp.exec(fileName);
    if (!m || m.length < 3) continue;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    return { x: a * p.multiplierX + p.offsetX, y: b * p.multiplierY + p.offsetY };
  }
  return undefined;
}
