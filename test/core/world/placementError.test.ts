// Putting a character where it cannot stand throws a PlacementError: one sentence, and the numbers (who, where,
// which fault, who stands there) for a caller that words its own.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PlacementError, World } from '../../../src/core/world/index.ts';

const ROOM = ['#####', '#...#', '#.#.#', '#...#', '#####'];

function caught(f: () => unknown): PlacementError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PlacementError);
    return e as PlacementError;
  }
  throw new Error('expected a PlacementError');
}

describe('PlacementError', () => {
  it('names a wall, a held tile and a tile off the map', () => {
    const world = new World(NavGrid.fromRows(ROOM));
    const p = world.addPlayer(1, 1);
    const wall = caught(() => world.addEnemy(2, 2));
    expect([wall.who, wall.x, wall.y, wall.fault]).toEqual(['enemy', 2, 2, 'unwalkable']);
    expect(wall.message).toBe('cannot place an enemy on (2, 2): not a walkable tile of the map');
    const held = caught(() => world.addEnemy(1, 1));
    expect([held.fault, held.occupant]).toEqual(['occupied', p.id]);
    expect(held.message).toBe(`cannot place an enemy on (1, 1): character ${p.id} stands there`);
    const off = caught(() => world.place(p, 9, 9));
    expect([off.who, off.fault]).toEqual([`character ${p.id}`, 'off-map']);
    // A failed place leaves the player where it stood.
    expect([p.x, p.y, world.characterAt(1, 1)]).toEqual([1, 1, p]);
  });
});
