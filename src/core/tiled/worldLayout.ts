// Where the maps of a Tiled world lie, and where a step over one map's edge lands: which map holds a point of the
// world (in world pixels), the maps that touch a map (loaded ahead, so crossing into them costs no wait), and the
// tile of the neighbour that matches the tile just beyond a map's edge. Engine-free: the World scene asks it.
import { mapError } from './MapLoadError.ts';
import type { TiledWorld, WorldMap } from './tiledWorld.ts';

/** The maps of a world as rectangles in world pixels, checked: at least one, none overlapping another. */
export interface WorldLayout {
  url: string;
  maps: readonly WorldMap[];
}

/** Where a step over a map's edge lands: a map of the world (its index) and a tile of it. */
export interface Landing {
  map: number;
  x: number;
  y: number;
}

/**
 * The layout of a world read from its file. A world the game cannot walk is refused in one sentence naming the
 * file: no maps listed (a world of patterns alone needs a folder listing, which a web page cannot make), or two
 * maps overlapping (a point of the world would belong to both, so a crossing would have no single answer).
 */
export function layoutOf(world: TiledWorld): WorldLayout {
  const maps = world.maps;
  if (maps.length === 0) {
    throw mapError(
      world.url,
      world.patterns.length > 0
        ? 'the world places its maps by patterns only, which the game cannot list: add the maps to the world in Tiled (World › Add Map) and save it'
        : 'the world lists no maps',
    );
  }
  // Sorted by left edge, each map is compared only with those that start before it ends: n log n for a grid of
  // maps, not n².
  const order = maps.map((_, i) => i).sort((a, b) => maps[a].x - maps[b].x);
  for (let k = 0; k < order.length; k++) {
    const a = maps[order[k]];
    for (let j = k + 1; j < order.length && maps[order[j]].x < a.x + a.width; j++) {
      const b = maps[order[j]];
      if (overlap(a, b)) {
        const [first, second] = order[k] < order[j] ? [a, b] : [b, a];
        throw mapError(
          world.url,
          `maps "${first.fileName}" and "${second.fileName}" overlap (${rect(first)} and ${rect(second)}), so a walk from one to the other has no single answer`,
        );
      }
    }
  }
  return { url: world.url, maps };
}

function overlap(a: WorldMap, b: WorldMap): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function rect(m: WorldMap): string {
  return `${m.width}×${m.height} px at (${m.x}, ${m.y})`;
}

/** The index of the map holding world pixel (px, py), or -1 where no map lies. */
export function mapAt(layout: WorldLayout, px: number, py: number): number {
  const maps = layout.maps;
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    if (px >= m.x && px < m.x + m.width && py >= m.y && py < m.y + m.height) return i;
  }
  return -1;
}

/**
 * The maps touching map `i` along an edge or at a corner: the ones a step over its edge can lead into, loaded
 * ahead when the player enters it.
 */
export function neighboursOf(layout: WorldLayout, i: number): number[] {
  const a = layout.maps[i];
  const out: number[] = [];
  layout.maps.forEach((b, j) => {
    if (j === i) return;
    const touchX = a.x <= b.x + b.width && b.x <= a.x + a.width;
    const touchY = a.y <= b.y + b.height && b.y <= a.y + a.height;
    if (touchX && touchY) out.push(j);
  });
  return out;
}

/**
 * Where a step from tile (x, y) of map `from` in direction (dx, dy) lands when it leaves that map: the map and
 * tile holding the centre of the tile beyond, in world pixels (maps of other tile sizes or placed off the tile
 * grid take the tile under that point). Undefined while the step stays on `from`, or leads where no map lies.
 * `tileWidth`, `tileHeight`: map `from`'s tiles; `tileSizeOf` gives another map's (as loaded).
 */
export function landingOf(
  layout: WorldLayout,
  from: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  tileWidth: number,
  tileHeight: number,
  tileSizeOf: (map: number) => { tileWidth: number; tileHeight: number },
): Landing | undefined {
  const m = layout.maps[from];
  const nx = x + dx;
  const ny = y + dy;
  const cols = Math.floor(m.width / tileWidth);
  const rows = Math.floor(m.height / tileHeight);
  if (nx >= 0 && ny >= 0 && nx < cols && ny < rows) return undefined;
  const px = m.x + (nx + 0.5) * tileWidth;
  const py = m.y + (ny + 0.5) * tileHeight;
  const to = mapAt(layout, px, py);
  if (to < 0 || to === from) return undefined;
  const there = layout.maps[to];
  const size = tileSizeOf(to);
  return {
    map: to,
    x: Math.floor((px - there.x) / size.tileWidth),
    y: Math.floor((py - there.y) / size.tileHeight),
  };
}

/**
 * A map as loaded must be the size the world file records (Tiled writes it when the world is saved): otherwise
 * the layout the author sees in Tiled is not the one the game walks. One sentence naming the world and the map.
 */
export function checkMapSize(
  layout: WorldLayout,
  i: number,
  loaded: { width: number; height: number; tileWidth: number; tileHeight: number },
): void {
  const m = layout.maps[i];
  const w = loaded.width * loaded.tileWidth;
  const h = loaded.height * loaded.tileHeight;
  if (w !== m.width || h !== m.height) {
    throw mapError(
      layout.url,
      `the world records map "${m.fileName}" as ${m.width}×${m.height} px but the map is ${w}×${h} px: open the world in Tiled and save it again`,
    );
  }
}
