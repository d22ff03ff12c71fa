// populate's own settings: the page's and the benches' hp and leash go in with the characters (not set on them
// afterwards), and a map too small for the enemies asked of it is a typed error carrying its numbers.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { PopulateError, populate } from '../../../src/core/world/populate.ts';
import { World } from '../../../src/core/world/World.ts';

const ROOM = Array.from({ length: 20 }, (_, y) =>
  y === 0 || y === 19 ? '#'.repeat(20) : `#${'.'.repeat(18)}#`,
);

describe('populate', () => {
  it("gives the player the hp asked for, and every enemy, the map's and the extra ones, the leash", () => {
    const world = new World(NavGrid.fromRows(ROOM), { seed: 3 });
    populate(
      world,
      [
        { type: 'player', x: 2, y: 2 },
        { type: 'enemy', x: 16, y: 16, properties: { leash: 3 } },
      ],
      { enemies: 5, hp: 1e9, leash: 1000 },
    );
    const p = world.player!;
    expect(p.hp).toBe(1e9);
    expect(p.maxHp).toBe(1e9);
    const enemies = world.characters.filter((c) => c.kind === 'enemy');
    expect(enemies).toHaveLength(5);
    for (const e of enemies) expect(e.leash).toBe(1000);
  });

  it('refuses hp that is not above 0 and a negative leash, in one sentence each', () => {
    const at = [{ type: 'player' as const, x: 2, y: 2 }];
    expect(() => populate(new World(NavGrid.fromRows(ROOM)), at, { hp: 0 })).toThrow(
      "the player's hit points must be a number above 0, got 0",
    );
    expect(() => populate(new World(NavGrid.fromRows(ROOM)), at, { leash: -1 })).toThrow(
      "the enemies' leash must be a number of tiles ≥ 0, got -1",
    );
  });

  it('says how many enemies fit when asked for more, as numbers a page can word', () => {
    const world = new World(NavGrid.fromRows(ROOM), { seed: 1 });
    let caught: unknown;
    try {
      populate(world, [{ type: 'player', x: 9, y: 9 }], { enemies: 1000 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PopulateError);
    const e = caught as PopulateError;
    expect(e.wanted).toBe(1000);
    // 18 × 18 open tiles, the player's and those within 6 tiles of it (13 × 13) kept free.
    expect(e.room).toBe(18 * 18 - 13 * 13);
    expect(e.message).toBe(`the map has room for ${e.room} enemies, not 1000`);
  });
});
