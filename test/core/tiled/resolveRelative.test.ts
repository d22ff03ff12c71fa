import { describe, expect, it } from 'vitest';
import { resolveRelative } from '../../../src/core/tiled/resolveRelative.ts';

describe('resolveRelative finds a tileset or image next to the map, in the browser and on disk', () => {
  it.each([
    ['maps/town.tmj', 'town.tsj', 'maps/town.tsj'],
    ['maps/town.tmj', '../assets/town.png', 'assets/town.png'],
    ['town.tmj', '../assets/town.png', '../assets/town.png'],
    ['maps/sub/x.tmj', '../../a/b.png', 'a/b.png'],
    ['./maps/town.tmj', './tiles/t.tsj', 'maps/tiles/t.tsj'],
    ['http://host/x/map.tmj', 'tiles.tsj', 'http://host/x/tiles.tsj'],
    ['http://host/x/map.tmj?v=2#top', '../img/t.png', 'http://host/img/t.png'],
    ['http://host/map.tmj', '../../t.png', 'http://host/t.png'],
    ['https://cdn.example/maps/a.tmj', '/root.png', 'https://cdn.example/root.png'],
    ['https://cdn.example/maps/a.tmj', '//other.example/t.png', 'https://other.example/t.png'],
    ['http://host/x/map.tmj', 'data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['/home/me/maps/town.tmj', '../tilesets/t.png', '/home/me/tilesets/t.png'],
    ['/town.tmj', '../../t.png', '/t.png'],
    ['C:\\maps\\town.tmj', '..\\tiles\\t.tsj', 'C:/tiles/t.tsj'],
    ['maps/town.tmj', 'C:/abs/t.png', 'C:/abs/t.png'],
    ['maps/town.tmj', 'tiles/my tiles.png', 'maps/tiles/my tiles.png'],
  ])('%s + %s → %s', (base, rel, want) => {
    expect(resolveRelative(base, rel)).toBe(want);
  });
});
