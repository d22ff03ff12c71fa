// The dungeon under the keep, drawn by hand: six rooms joined by one-wide corridors, so a crowd of enemies
// must queue to get through and meet head-on in them. One corridor has a passing bay; rooms D and E are
// joined twice, so there is a way round.
import { D } from '../art/dungeonTiles.ts';
import { MapBuilder } from './tiledJson.ts';

/**
 * Legend:  #  wall (a brick face where floor lies south of it, a wall top elsewhere)   t  wall with a torch
 *          .  floor   <  stairs up to the town   _  carpet   x  bones   i  candles   g  grate
 *          o  rubble   ~  water   P  pillar   c  chest   (these last four block)
 * A doorway cut through a wall face gets an arch drawn over characters, found by the script.
 */
// biome-ignore format: the layout is a picture; keep one row per line
const LAYOUT = [
  '################################################', // 0
  '###t####t########################t#####t########',
  '##...<....####################.i.........i.#####', //    A: entry, stairs up     B: hall
  '##........####################.............#####',
  '##...............................P.....P...#####', // the long corridor A → B
  '##......x.########...#########_____________#####', // 5  ...with a passing bay
  '##........####################.............#####',
  '##i.......####################...P.....P...#####',
  '#####.########################.............#####',
  '#####.########################.............#####',
  '#####.##########################.#######.#######', // 10
  '#####.##########################.#######.#######',
  '#####.###############t######t###.#######.#######',
  '#####.###t########......g........#######.##t####',
  '##.c.........#####...............###........i.##', //    C: cellar   D: crypt   E: store
  '##...........#####...P.......P...###..oo......##', // 15
  '##...........#####...............###..o.......##',
  '##...........#####......~~~...................##',
  '##....x.................~~~......###..........##',
  '##...........#####...............###.....x....##',
  '##...........#####...P.......P................##', // 20
  '##........oo.#####...............###.......o..##',
  '##...........#####...............###..........##',
  '########.###############.###########..........##',
  '########.###############.###########..........##',
  '########.###############.###############.#######', // 25
  '########.###############.###############.#######',
  '########.#####t#########.#######t#######.#######',
  '######....................................######', //    F: the long hall
  '######....P.....P.....P.....P.....P.......######',
  '######..______________________________....######', // 30
  '######....................................######',
  '######....P.....P.....P.....P.....P.......######',
  '######x.........oo..............g.........######',
  '################################################',
  '################################################', // 35
];

const DECOR: Record<string, number> = {
  '<': D.stairsUp,
  _: D.carpet,
  x: D.bones,
  i: D.candles,
  g: D.grate,
  o: D.rubble,
  '~': D.water,
  P: D.pillar,
  c: D.chest,
};

/** The tile in front of the stairs, where a character coming down from the town arrives. */
export const DUNGEON_FROM_TOWN = { x: 5, y: 3 };

// Enemies live in the rooms beyond the entry, so a crowd has to come through the corridors to reach you.
/** Name, tile and kind (core/world/species.ts: each kind walks at its own pace and takes its own beating). */
const ENEMIES: [string, number, number, string][] = [
  ['hall guard', 36, 8, 'skeleton'],
  ['hall guard', 40, 3, 'skeleton'],
  ['cellar slime', 7, 17, 'slime'],
  ['cellar slime', 10, 20, 'slime'],
  ['crypt bat', 19, 21, 'bat'],
  ['crypt bat', 31, 14, 'bat'],
  ['crypt bat', 27, 20, 'bat'],
  ['store slime', 40, 22, 'slime'],
  ['store bat', 44, 17, 'bat'],
  ['hall skeleton', 12, 31, 'skeleton'],
  ['hall skeleton', 22, 30, 'skeleton'],
  ['hall skeleton', 34, 33, 'skeleton'],
  ['hall skeleton', 38, 28, 'skeleton'],
];

function hash(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) % 100;
}

export function makeDungeon(arrivalInTown: { x: number; y: number }) {
  const height = LAYOUT.length;
  const width = LAYOUT[0].length;
  LAYOUT.forEach((r, y) => {
    if (r.length !== width) throw new Error(`dungeon: layout row ${y} is ${r.length} wide, not ${width}`);
  });
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? '#' : LAYOUT[y][x]);
  const isWall = (x: number, y: number) => at(x, y) === '#' || at(x, y) === 't';
  // A wall face is a wall with open floor south of it: the side of the wall the viewer sees.
  const isFace = (x: number, y: number) => isWall(x, y) && !isWall(x, y + 1);
  const floor = new Uint32Array(width * height);
  const above = new Uint32Array(width * height);

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = at(x, y);
      let tile: number;
      if (isWall(x, y)) {
        if (isFace(x, y)) tile = c === 't' ? D.wallTorch : D.wallFace;
        else {
          const open =
            (!isWall(x, y - 1) ? 1 : 0) | (!isWall(x + 1, y) ? 2 : 0) | (!isWall(x - 1, y) ? 8 : 0);
          tile = D.wallTop + open;
        }
      } else if (c === '.') {
        const h = hash(x, y);
        tile = isFace(x, y - 1) ? D.floorShadow : h < 10 ? D.floorCracked : h < 18 ? D.floorMoss : D.floor;
        if (isWall(x - 1, y) && isWall(x + 1, y) && (isFace(x - 1, y) || isFace(x + 1, y)))
          above[y * width + x] = D.arch + 1;
      } else if (c in DECOR) {
        tile = DECOR[c];
      } else {
        throw new Error(`dungeon: unknown layout character '${c}' at ${x},${y}`);
      }
      floor[y * width + x] = tile + 1;
    }
  }

  const walkable = (x: number, y: number) => '.<_xig'.includes(at(x, y));
  const b = new MapBuilder(width, height, 32, [{ firstgid: 1, source: 'dungeon.tsj' }]);
  b.tileLayer('Floor', floor);
  b.tileLayer('Above', above);
  const spawn = DUNGEON_FROM_TOWN;
  b.point('player', 'player', spawn.x, spawn.y);
  for (const [name, x, y, kind] of ENEMIES) {
    if (!walkable(x, y)) throw new Error(`dungeon: enemy '${name}' stands on a blocked tile at ${x},${y}`);
    b.point('enemy', name, x, y, { aggro: 7, leash: 16, kind });
  }
  const stairs = LAYOUT.findIndex((r) => r.includes('<'));
  b.rect('exit', 'stairs up', LAYOUT[stairs].indexOf('<'), stairs, 1, 1, { map: 'town', ...arrivalInTown });
  b.objectLayer('Objects');
  return b.toJson();
}
