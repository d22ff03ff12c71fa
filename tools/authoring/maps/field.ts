// The 256×256 field, generated from a seed: meadows, forests in 2×2 trees, lakes, rocks and bushes, crossed
// by a grid of sand roads, with a road leaving west to the town. Made once by `npm run maps:make` and saved
// as an ordinary .tmj: the game reads it like any hand-made map, and a map author may edit it in Tiled.
// The same generator makes bigger fields (up to 4096 × 4096) for the browser bench, at bench time.
import { rng } from '../art/pixels.ts';
import { paintTuxemon } from './paintTuxemon.ts';
import { MapBuilder } from './tiledJson.ts';

const FIELD_SIZE = 256;
const SEED = 20240611;
/** Roads: three tiles wide, every 64 tiles, each given by its first row (east–west) or column (north–south). */
const ROAD_EVERY = 64;
const WEST_ROAD = 126;
/** The field's monsters take these kinds in turn (their speeds stay the generator's). */
const FIELD_KINDS = ['slime', 'bat', 'skeleton'];

function roadsFor(size: number): number[] {
  const out: number[] = [];
  for (let p = ROAD_EVERY - 2; p < size - 5; p += ROAD_EVERY) out.push(p);
  return out;
}

export const FIELD_FROM_TOWN = { x: 3, y: WEST_ROAD + 1 };

/** Smooth value noise: random values on a coarse lattice, blended with a smoothstep. */
function valueNoise(random: () => number, cell: number, size: number): (x: number, y: number) => number {
  const n = Math.ceil(size / cell) + 2;
  const lattice = new Float64Array(n * n).map(() => random());
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const tx = smooth(gx - x0);
    const ty = smooth(gy - y0);
    const v = (i: number, j: number) => lattice[(y0 + j) * n + x0 + i];
    const top = v(0, 0) + (v(1, 0) - v(0, 0)) * tx;
    const bottom = v(0, 1) + (v(1, 1) - v(0, 1)) * tx;
    return top + (bottom - top) * ty;
  };
}

/**
 * The field (`size` 256, the bundled map) or a bigger one like it: same seed, same roads every 64 tiles,
 * bushes in proportion to its area, 48 monsters.
 */
export function makeField(arrivalInTown: { x: number; y: number }, size = FIELD_SIZE) {
  const SIZE = size;
  if (!Number.isInteger(SIZE) || SIZE < 64 || SIZE > 4096 || SIZE % 2 !== 0) {
    throw new RangeError(`a field is an even number of tiles from 64 to 4096 wide, got ${size}`);
  }
  const ROADS_EW = roadsFor(SIZE);
  const ROADS_NS = ROADS_EW;
  const random = rng(SEED);
  const grid: string[][] = Array.from({ length: SIZE }, () => new Array<string>(SIZE).fill('.'));
  const road = new Uint8Array(SIZE * SIZE);
  const markRoad = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < SIZE && y < SIZE) road[y * SIZE + x] = 1;
  };
  for (const y0 of ROADS_EW)
    for (let x = 2; x < SIZE - 2; x++) for (let k = 0; k < 3; k++) markRoad(x, y0 + k);
  for (const x0 of ROADS_NS)
    for (let y = 2; y < SIZE - 2; y++) for (let k = 0; k < 3; k++) markRoad(x0 + k, y);
  for (let x = 0; x < 2; x++) for (let k = 0; k < 3; k++) markRoad(x, WEST_ROAD + k);
  // Keep a tile of meadow between roads and anything that blocks, so roads read as roads.
  const nearRoad = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if (road[Math.min(SIZE - 1, Math.max(0, y + dy)) * SIZE + Math.min(SIZE - 1, Math.max(0, x + dx))])
          return true;
    return false;
  };

  const forest = valueNoise(random, 18, SIZE);
  const grove = valueNoise(random, 6, SIZE);
  const lake = valueNoise(random, 28, SIZE);
  for (let by = 0; by < SIZE; by += 2) {
    for (let bx = 0; bx < SIZE; bx += 2) {
      const border = bx < 2 || by < 2 || bx >= SIZE - 2 || by >= SIZE - 2;
      const f = forest(bx + 1, by + 1) * 0.75 + grove(bx + 1, by + 1) * 0.25;
      let clear = true;
      for (let k = 0; k < 4; k++) if (nearRoad(bx + (k & 1), by + (k >> 1))) clear = false;
      if ((border || f > 0.62) && clear) for (let k = 0; k < 4; k++) grid[by + (k >> 1)][bx + (k & 1)] = 'T';
    }
  }
  for (let y = 2; y < SIZE - 2; y++) {
    for (let x = 2; x < SIZE - 2; x++) {
      if (grid[y][x] !== '.' || nearRoad(x, y)) continue;
      if (lake(x, y) < 0.2) grid[y][x] = '~';
      else if (random() < 0.012) grid[y][x] = 'r';
      else if (random() < 0.05) grid[y][x] = ',';
    }
  }
  // Bushes and stumps dotted over the meadows, each on a free 2×2 patch.
  const bushes = Math.round((220 * SIZE * SIZE) / (FIELD_SIZE * FIELD_SIZE));
  for (let n = 0; n < bushes; n++) {
    const x = 4 + Math.floor(random() * (SIZE - 8));
    const y = 4 + Math.floor(random() * (SIZE - 8));
    let free = true;
    for (let dy = -1; dy <= 2; dy++)
      for (let dx = -1; dx <= 2; dx++)
        if (grid[y + dy][x + dx] !== '.' || nearRoad(x + dx, y + dy)) free = false;
    if (!free) continue;
    const letter = random() < 0.7 ? 'b' : 's';
    for (let k = 0; k < 4; k++) grid[y + (k >> 1)][x + (k & 1)] = letter;
  }
  for (let i = 0; i < SIZE * SIZE; i++) if (road[i]) grid[(i / SIZE) | 0][i % SIZE] = '=';

  const spawn = { x: 4, y: WEST_ROAD + 1 };
  const reached = floodFill(grid, spawn, SIZE);
  // A meadow walled in by trees and water could never be reached: plant it with trees (whole 2×2 trees
  // where they fit, rocks in the odd cells) rather than leave a pocket where an enemy could spawn and never move.
  const sealedAt = (x: number, y: number) =>
    !reached[y * SIZE + x] && (grid[y][x] === '.' || grid[y][x] === ',');
  let sealed = 0;
  for (let by = 0; by < SIZE; by += 2) {
    for (let bx = 0; bx < SIZE; bx += 2) {
      let fits = true;
      let any = false;
      for (let k = 0; k < 4; k++) {
        const x = bx + (k & 1);
        const y = by + (k >> 1);
        if (sealedAt(x, y)) any = true;
        else if (grid[y][x] !== 'T') fits = false;
      }
      if (!any) continue;
      for (let k = 0; k < 4; k++) {
        const x = bx + (k & 1);
        const y = by + (k >> 1);
        if (sealedAt(x, y)) {
          grid[y][x] = fits ? 'T' : 'r';
          sealed++;
        }
      }
    }
  }

  const painted = paintTuxemon(
    grid.map((r) => r.join('')),
    'field',
  );
  const b = new MapBuilder(SIZE, SIZE, 32, [{ firstgid: 1, source: 'tuxemon.tsj' }]);
  b.tileLayer('Ground', painted.ground, { zlib: true });
  b.tileLayer('World', painted.world, { zlib: true });
  b.tileLayer('Above', painted.above, { zlib: true });
  b.point('player', 'player', spawn.x, spawn.y);
  let enemies = 0;
  while (enemies < 48) {
    const x = 2 + Math.floor(random() * (SIZE - 4));
    const y = 2 + Math.floor(random() * (SIZE - 4));
    if (!reached[y * SIZE + x] || Math.hypot(x - spawn.x, y - spawn.y) < 24) continue;
    const speed = 2.5 + Math.floor(random() * 4) * 0.5;
    const kind = FIELD_KINDS[enemies % FIELD_KINDS.length];
    b.point('enemy', `${kind} ${++enemies}`, x, y, { aggro: 8, leash: 20, speed, kind });
  }
  for (let k = 0; k < 3; k++)
    b.rect('exit', 'road to the town', 0, WEST_ROAD + k, 1, 1, { map: 'town', ...arrivalInTown });
  b.objectLayer('Objects');
  return { json: b.toJson(), sealed };
}

const PASSABLE = new Set(['.', ',', '=']);

function floodFill(grid: string[][], start: { x: number; y: number }, SIZE: number): Uint8Array {
  const seen = new Uint8Array(SIZE * SIZE);
  const stack = [start.y * SIZE + start.x];
  seen[stack[0]] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % SIZE;
    const y = (i / SIZE) | 0;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= SIZE || ny >= SIZE) continue;
      const j = ny * SIZE + nx;
      if (!seen[j] && PASSABLE.has(grid[ny][nx])) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return seen;
}
