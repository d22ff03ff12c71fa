import { describe, expect, test } from 'vitest';
import { NavGrid } from '../../src/core/grid/index.ts';
import type { Spawn } from '../../src/core/tiled/index.ts';
import { spawnsFor } from '../../src/view/arrival.ts';

const nav = NavGrid.fromRows(['#####', '#...#', '#...#', '#####']);
const spawns: Spawn[] = [
  { type: 'player', x: 1, y: 1, name: 'player', properties: {} },
  { type: 'enemy', x: 3, y: 2, name: 'rat', properties: { speed: 2 } },
];
const map = { name: 'cellar', nav, spawns };

describe('arriving through an exit', () => {
  test('without an arrival tile the map spawns hold', () => {
    expect(spawnsFor(map)).toBe(spawns);
  });

  test('the player starts on the arrival tile; enemies keep theirs', () => {
    expect(spawnsFor(map, { x: 2, y: 2 })).toEqual([{ type: 'player', x: 2, y: 2 }, spawns[1]]);
  });

  test('an arrival tile in a wall is one sentence naming the map and the tile', () => {
    expect(() => spawnsFor(map, { x: 0, y: 0 })).toThrow(
      'Map cellar: the exit that leads here sends the player to tile (0, 0), which is not a walkable tile of the map.',
    );
  });
});
