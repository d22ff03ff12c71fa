// The town, drawn by hand: houses whose roofs hide whoever walks behind them, a main road leaving east to
// the field, and the keep whose door leads down into the dungeon. Legend in paintTuxemon.ts.
import { paintTuxemon } from './paintTuxemon.ts';
import { MapBuilder } from './tiledJson.ts';

// biome-ignore format: the layout is a picture; keep one row per line
const LAYOUT = [
  'TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT', // 0
  'TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT',
  'TT..,,..............................,.TT',
  'TT..WWWWW...RRRRR.....l...OOOOOOOOO...TT',
  'TT..WWWWW...RRRRR.........OOOOOOOOO...TT',
  'TT..WWWWW...RRRRR.........OOOOOOOOO.l.TT', // 5
  'TT..WWWWW...RRRRR.........OOOOOOOOO...TT',
  'TT...===......===...bb....OOOOOOOOO...TT',
  'TT,..===......===...bb....OOOOOOOOO...TT',
  'TT...===......===.........OOOOOOOOO...TT',
  'TT...===.l....===.........OOOOOOOOO..,TT', // 10
  'TT...===......===.........OOOOOOOOO...TT',
  'TT...===......===...........===.........',
  'TT======================================', // the main road leaves east, to the field
  'TT======================================',
  'TT======================================', // 15
  'TT................===...LLLLL.........TT',
  'TT.........FFF....===...LLLLL.........TT',
  'TT........lFFFl...===...LLLLL...,.....TT',
  'TT.........FFF....===...LLLLL.........TT',
  'TT.,..............===.........ffffffffTT', // 20
  'TT..KKKKKK....QQ..===..CCCCC...SSSSS..TT',
  'TT..KKKKKK....QQ..===..CCCCC...SSSSS..TT',
  'TT..KKKKKK....QQ..===..CCCCC...SSSSS..TT',
  'TT..KKKKKK........===..CCCCC...SSSSS..TT',
  'TT====================================TT', // 25
  'TT====================================TT',
  'TT====================================TT',
  'TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT',
  'TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT',
];

/** Where the dungeon's stairs put you back: the tile just below the keep's door. */
export const TOWN_FROM_DUNGEON = { x: 8, y: 25 };
/** Where the field's west road puts you back: the east end of the main road. */
export const TOWN_FROM_FIELD = { x: 37, y: 14 };

export function makeTown(arrivals: { dungeon: { x: number; y: number }; field: { x: number; y: number } }) {
  const painted = paintTuxemon(LAYOUT, 'town');
  const b = new MapBuilder(painted.width, painted.height, 32, [{ firstgid: 1, source: 'tuxemon.tsj' }]);
  b.tileLayer('Ground', painted.ground);
  b.tileLayer('World', painted.world);
  b.tileLayer('Above', painted.above);

  b.point('player', 'player', 10, 14);
  b.point('enemy', 'slime by the houses', 12, 9, { aggro: 6, leash: 12, kind: 'slime' });
  b.point('enemy', 'bat at the office', 36, 8, { aggro: 7, leash: 14, kind: 'bat' });
  // A slow old skeleton: a spawn's own speed wins over its kind's.
  b.point('enemy', 'skeleton by the fountain', 16, 19, { aggro: 5, leash: 10, kind: 'skeleton', speed: 2.5 });

  const keep = painted.stamps.find((s) => s.letter === 'K')!;
  // The keep's door tile itself is walkable (see tuxemon.ts): stepping onto it goes down.
  b.rect('exit', 'stairs down', keep.x + 4, keep.y + 3, 1, 1, { map: 'dungeon', ...arrivals.dungeon });
  for (const y of [13, 14, 15])
    b.rect('exit', 'road to the field', 39, y, 1, 1, { map: 'field', ...arrivals.field });
  b.objectLayer('Objects');
  return b.toJson();
}
