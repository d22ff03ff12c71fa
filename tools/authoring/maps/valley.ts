// The valley: a Tiled world of three small maps side by side (maps/valley.world), drawn by hand in the town's
// legend (paintTuxemon.ts). The west map, where the visit starts, has two houses and a road leaving east and
// one leaving south; the east map (placed 4 tiles higher, so its rows do not line up with the west's) has a pond
// and the fountain; the south map below the west one a lake and stumps. Roads cross the edges where the maps
// meet: walking along one carries the player into the next map. Each map has its own monsters.
import { paintTuxemon } from './paintTuxemon.ts';
import { MapBuilder, type PropertyValue } from './tiledJson.ts';

const TILE = 32;

// biome-ignore format: the layout is a picture; keep one row per line
const WEST = [
  'TTTTTTTTTTTTTTTTTTTTTTTT', // 0
  'TTTTTTTTTTTTTTTTTTTTTTTT',
  'TT....................TT',
  'TT..WWWWW.....RRRRR...TT',
  'TT..WWWWW.....RRRRR...TT',
  'TT..WWWWW.....RRRRR...TT', // 5
  'TT..WWWWW.....RRRRR...TT',
  'TT....==........==....TT',
  'TT======================', // the road leaves east, into the east map
  'TT======================',
  'TT........==..........TT', // 10
  'TT..l.....==....bb....TT',
  'TT........==....bb..,.TT',
  'TT..,.....==..........TT',
  'TT........==.......l..TT',
  'TT........==..........TT', // 15
  'TTTTTTTTTT==TTTTTTTTTTTT', // the road leaves south, into the south map
  'TTTTTTTTTT==TTTTTTTTTTTT',
];

// biome-ignore format: the layout is a picture; keep one row per line
const EAST = [
  'TTTTTTTTTTTTTTTTTTTT', // 0
  'TTTTTTTTTTTTTTTTTTTT',
  'TT................TT',
  'TT...~~~~~~.......TT',
  'TT..~~~~~~~~...,..TT',
  'TT..~~~~~~~~......TT', // 5
  'TT...~~~~~~.......TT',
  'TT................TT',
  'TT.......r........TT',
  'TT.........FFF....TT',
  'TT.........FFF....TT', // 10
  'TT.........FFF....TT',
  '============......TT', // the west map's road comes in here (its rows 8 and 9)
  '============......TT',
  'TT........==......TT',
  'TT........==..bb..TT', // 15
  'TT..,.....==..bb..TT',
  'TT........==......TT',
  'TT........======..TT',
  'TT........======..TT',
  'TT..l.............TT', // 20
  'TT................TT',
  'TTTTTTTTTTTTTTTTTTTT',
  'TTTTTTTTTTTTTTTTTTTT',
];

// biome-ignore format: the layout is a picture; keep one row per line
const SOUTH = [
  'TTTTTTTTTT==TTTTTTTTTTTT', // 0: the west map's road comes in here (its columns 10 and 11)
  'TTTTTTTTTT==TTTTTTTTTTTT',
  'TT........==..........TT',
  'TT..ss....==....~~~~..TT',
  'TT..ss....==...~~~~~~.TT',
  'TT........==....~~~~..TT', // 5
  'TT..,.....=========...TT',
  'TT........=========...TT',
  'TT....r...............TT',
  'TT..............ss....TT',
  'TT....,.........ss..r.TT', // 10
  'TT....................TT',
  'TTTTTTTTTTTTTTTTTTTTTTTT',
  'TTTTTTTTTTTTTTTTTTTTTTTT',
];

interface Spawn {
  name: string;
  x: number;
  y: number;
  props: Record<string, PropertyValue>;
}

export interface ValleyMap {
  /** The file name, relative to maps/valley.world. */
  fileName: string;
  json: object;
  /** Top-left corner in world pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

function valleyMap(
  name: string,
  layout: readonly string[],
  at: { x: number; y: number },
  enemies: Spawn[],
  player?: { x: number; y: number },
): ValleyMap {
  const painted = paintTuxemon(layout, `valley/${name}`);
  const b = new MapBuilder(painted.width, painted.height, TILE, [{ firstgid: 1, source: '../tuxemon.tsj' }]);
  b.tileLayer('Ground', painted.ground);
  b.tileLayer('World', painted.world);
  b.tileLayer('Above', painted.above);
  if (player) b.point('player', 'player', player.x, player.y);
  for (const e of enemies) b.point('enemy', e.name, e.x, e.y, e.props);
  b.objectLayer('Objects');
  return {
    fileName: `valley/${name}.tmj`,
    json: b.toJson(),
    x: at.x * TILE,
    y: at.y * TILE,
    width: painted.width * TILE,
    height: painted.height * TILE,
  };
}

/** The valley's three maps, the first the one the visit starts in. */
export function makeValley(): ValleyMap[] {
  return [
    valleyMap(
      'west',
      WEST,
      { x: 0, y: 0 },
      [
        { name: 'slime by the red house', x: 20, y: 6, props: { aggro: 5, leash: 10, kind: 'slime' } },
        { name: 'bat by the lamp', x: 6, y: 13, props: { aggro: 5, leash: 10, kind: 'bat' } },
        { name: 'skeleton by the bushes', x: 19, y: 12, props: { aggro: 5, leash: 10, kind: 'skeleton' } },
      ],
      { x: 8, y: 9 },
    ),
    valleyMap('east', EAST, { x: 24, y: -4 }, [
      { name: 'slime at the pond', x: 13, y: 5, props: { aggro: 5, leash: 10, kind: 'slime' } },
      { name: 'bat by the fountain', x: 16, y: 10, props: { aggro: 5, leash: 10, kind: 'bat' } },
      { name: 'skeleton on the south road', x: 15, y: 20, props: { aggro: 5, leash: 10, kind: 'skeleton' } },
    ]),
    valleyMap('south', SOUTH, { x: 0, y: 18 }, [
      { name: 'slime by the lake', x: 20, y: 8, props: { aggro: 5, leash: 10, kind: 'slime' } },
      { name: 'bat by the stumps', x: 8, y: 4, props: { aggro: 5, leash: 10, kind: 'bat' } },
      { name: 'skeleton in the clearing', x: 12, y: 10, props: { aggro: 5, leash: 10, kind: 'skeleton' } },
    ]),
  ];
}

/** maps/valley.world as Tiled saves a world: the maps with their places and sizes in pixels. */
export function valleyWorld(maps: readonly ValleyMap[]): object {
  return {
    maps: maps.map((m) => ({ fileName: m.fileName, height: m.height, width: m.width, x: m.x, y: m.y })),
    onlyShowAdjacentMaps: false,
    type: 'world',
  };
}
