import { basename } from 'node:path';
import { NavGrid } from '../../src/core/grid/index.ts';
import { readTextFileSync } from './node-reader.ts';

/**
 * Readers for the Moving AI Lab benchmark formats (movingai.com/benchmarks): `.map` grids and `.scen`
 * scenario lists. Node-side (they read files); the grid they build is the game's own NavGrid.
 * Every fault becomes a `MovingAiError` whose message is one sentence naming the file and what is wrong.
 */
export class MovingAiError extends Error {}

export interface Scenario {
  bucket: number;
  map: string;
  width: number;
  height: number;
  startX: number;
  startY: number;
  goalX: number;
  goalY: number;
  /** The published optimal length (-1 where no path exists), as printed: rounded to `decimals` places. */
  optimal: number;
  decimals: number;
  /** The line of the file it was read from (1-based), for messages that name a row. */
  line: number;
}

export interface ScenarioFile {
  version: '1' | '1.0';
  scenarios: Scenario[];
}

const PASSABLE = new Set(['.', 'G', 'S']);
const BLOCKED = new Set(['@', 'O', 'T', 'W']);

/** Parses a `.map` file's text (`type octile`, `height`, `width`, `map`, then the rows). */
export function parseMap(text: string, file: string): NavGrid {
  const lines = text.split(/\r?\n/);
  const header = new Map<string, string>();
  let row = 0;
  while (row < lines.length && lines[row].trim() !== 'map') {
    const line = lines[row].trim();
    if (line !== '') {
      const [key, value] = line.split(/\s+/);
      header.set(key, value ?? '');
    }
    row++;
    if (row > 8) break;
  }
  if (lines[row]?.trim() !== 'map')
    throw new MovingAiError(`${file}: no "map" line after the header, so this is not a Moving AI map.`);
  if (header.get('type') !== 'octile') {
    throw new MovingAiError(
      `${file}: map type is "${header.get('type') ?? '(missing)'}", only "octile" maps are supported.`,
    );
  }
  const height = Number(header.get('height'));
  const width = Number(header.get('width'));
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new MovingAiError(
      `${file}: width and height must be positive integers, got ${header.get('width')} × ${header.get('height')}.`,
    );
  }
  const grid = new NavGrid(width, height);
  for (let y = 0; y < height; y++) {
    const line = lines[row + 1 + y];
    if (line === undefined || line.length < width) {
      throw new MovingAiError(
        `${file}: map row ${y + 1} of ${height} is ${line === undefined ? 'missing' : `${line.length} characters long, expected ${width}`}.`,
      );
    }
    for (let x = 0; x < width; x++) {
      const ch = line[x];
      if (PASSABLE.has(ch)) grid.setWalkable(x, y, true);
      else if (!BLOCKED.has(ch)) {
        throw new MovingAiError(
          `${file}: unknown terrain "${ch}" at x ${x}, y ${y} (expected one of . G S @ O T W).`,
        );
      }
    }
  }
  return grid;
}

/** Parses a `.scen` file's text: `version 1` (tab-separated) or `version 1.0` (space-separated). */
export function parseScenarios(text: string, file: string): ScenarioFile {
  const lines = text.split(/\r?\n/);
  const head = lines[0]?.trim().split(/\s+/) ?? [];
  if (head[0] !== 'version' || (head[1] !== '1' && head[1] !== '1.0')) {
    throw new MovingAiError(
      `${file}: the first line must be "version 1" or "version 1.0", got "${clip(lines[0]?.trim() ?? '')}".`,
    );
  }
  const version = head[1] as '1' | '1.0';
  const scenarios: Scenario[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n].trim();
    if (line === '') continue;
    const cols = version === '1' && line.includes('\t') ? line.split('\t') : line.split(/\s+/);
    if (cols.length !== 9)
      throw new MovingAiError(`${file}: line ${n + 1} has ${cols.length} columns, a scenario has 9.`);
    const ints = [0, 2, 3, 4, 5, 6, 7].map((k) => Number(cols[k]));
    if (ints.some((v) => !Number.isInteger(v) || v < 0)) {
      throw new MovingAiError(
        `${file}: line ${n + 1} has a bucket, size or coordinate that is not a whole number ≥ 0.`,
      );
    }
    const optimal = Number(cols[8]);
    if (!Number.isFinite(optimal) || (optimal < 0 && optimal !== -1)) {
      throw new MovingAiError(
        `${file}: line ${n + 1} has optimal length "${cols[8]}", expected a number ≥ 0 or -1.`,
      );
    }
    const dot = cols[8].indexOf('.');
    const [bucket, width, height, startX, startY, goalX, goalY] = ints;
    if (startX >= width || goalX >= width || startY >= height || goalY >= height) {
      throw new MovingAiError(
        `${file}: line ${n + 1} has a start or goal outside its ${width} × ${height} map.`,
      );
    }
    scenarios.push({
      bucket,
      map: cols[1],
      width,
      height,
      startX,
      startY,
      goalX,
      goalY,
      optimal,
      decimals: dot < 0 ? 0 : cols[8].length - dot - 1,
      line: n + 1,
    });
  }
  return { version, scenarios };
}

/**
 * Whether `length` matches a published optimal length: within 1e-6 relative, or within one unit of the
 * last printed digit (version 1 files print six significant digits, some truncated rather than rounded:
 * 265.7645 is printed 265.764; version 1.0 files print two decimals).
 */
export function matchesPublished(length: number | null, s: Scenario): boolean {
  if (s.optimal === -1) return length === null;
  if (length === null) return false;
  const rounding = 10 ** -s.decimals + 1e-9 * s.optimal;
  return Math.abs(length - s.optimal) <= Math.max(1e-6 * s.optimal, rounding);
}

function readText(path: string, what: string): string {
  try {
    return readTextFileSync(path);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (why === 'no such file') throw new MovingAiError(`${what} ${path} does not exist.`);
    throw new MovingAiError(`${what} ${path} cannot be read: ${why}.`);
  }
}

export function loadMap(path: string): NavGrid {
  return parseMap(readText(path, 'map file'), basename(path));
}

/** Loads a scenario file and checks it describes a map of `grid`'s size (when given). */
export function loadScenarios(path: string, grid?: NavGrid): ScenarioFile {
  const file = parseScenarios(readText(path, 'scenario file'), basename(path));
  if (grid) {
    const bad = file.scenarios.findIndex((s) => s.width !== grid.width || s.height !== grid.height);
    if (bad >= 0) {
      const s = file.scenarios[bad];
      throw new MovingAiError(
        `${basename(path)}: scenario ${bad} is for a ${s.width} × ${s.height} map, but the map is ${grid.width} × ${grid.height}.`,
      );
    }
  }
  return file;
}

/** A line quoted in a sentence stays short. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
