import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { populate } from '../../../src/core/world/populate.ts';
import { World } from '../../../src/core/world/World.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows, runTrace } from '../../support/runWorld.ts';

/** A long hall: the player at its west end, an enemy beside it, its home far enough east to be out of sight. */
const HALL = [
  '#'.repeat(42),
  `#${'.'.repeat(40)}#`,
  `#${'.'.repeat(40)}#`,
  `#${'.'.repeat(40)}#`,
  '#'.repeat(42),
];

function fight(world: World, enemyId: number) {
  const p = world.player!;
  const foe = world.get(enemyId)!;
  world.attack(p.id, foe.id);
  let defeatAt = -1;
  for (let k = 0; k < 400 && defeatAt < 0; k++) {
    world.step();
    for (let i = 0; i < world.events.count; i++) {
      const e = world.events.at(i);
      if (e.type === 'defeat' && e.id === enemyId) defeatAt = e.t;
    }
  }
  return defeatAt;
}

describe('a defeated enemy', () => {
  it("leaves the grid at once and comes back after its respawn time, not before, out of the player's sight", () => {
    const grid = NavGrid.fromRows(HALL);
    const world = new World(grid, { seed: 4, respawn: 5, sight: 10 });
    const p = world.addPlayer(1, 2);
    const foe = world.addEnemy(3, 2, { passive: true, hp: 40 });
    const defeatAt = fight(world, foe.id);
    expect(defeatAt).toBeGreaterThan(0);
    expect(foe.away).toBe(true);
    expect(world.characterAt(3, 2)).toBeUndefined();
    expect(Array.from(grid.occupant).filter((o) => o === foe.id)).toEqual([]);
    expect(world.stats.defeated).toBe(1);
    // Nobody targets it any more, and it cannot be attacked while away.
    expect(p.fight.target).toBe(0);
    world.attack(p.id, foe.id);
    expect(p.fight.target).toBe(0);
    let back = -1;
    const lines = runTrace(world, 5 * 20 + 40, () => {
      for (let i = 0; i < world.events.count; i++) {
        const e = world.events.at(i);
        if (e.type === 'respawn' && e.id === foe.id) back = e.t;
      }
    });
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    expect(back).toBe(defeatAt + 5 * 20);
    expect(foe.away).toBe(false);
    expect(foe.hp).toBe(foe.maxHp);
    // Its home (3, 2) lies in the player's sight: it comes back on the nearest free tile beyond it.
    expect(Math.max(Math.abs(foe.x - p.x), Math.abs(foe.y - p.y))).toBe(11);
    expect(world.characterAt(foe.x, foe.y)).toBe(foe);
  });

  it('with respawn 0 never comes back, and is never stepped, planned or counted as chasing', () => {
    const grid = NavGrid.fromRows(HALL);
    const world = new World(grid, { seed: 5 });
    populate(
      world,
      [
        { type: 'player', x: 1, y: 2 },
        { type: 'enemy', x: 4, y: 2, properties: { respawn: 0, hp: 20, aggro: 12 } },
      ],
      {},
    );
    const foe = world.characters[1];
    const defeatAt = fight(world, foe.id);
    expect(defeatAt).toBeGreaterThanOrEqual(0);
    const lines = runTrace(world, 2000);
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    expect(foe.away).toBe(true);
    expect(world.stats.chasing).toBe(0);
    expect(lines.slice(1).some((l) => JSON.parse(l).id === foe.id)).toBe(false);
  });

  it("a spawn's respawn overrides the map's, and a bad one is refused in a sentence", () => {
    const grid = NavGrid.fromRows(HALL);
    const world = new World(grid, { seed: 6, respawn: 12 });
    populate(world, [
      { type: 'player', x: 1, y: 2 },
      { type: 'enemy', x: 30, y: 2, properties: { respawn: 3 } },
      { type: 'enemy', x: 32, y: 2 },
    ]);
    expect(world.characters.map((c) => c.respawnS)).toEqual([0, 3, 12]);
    expect(() =>
      populate(new World(NavGrid.fromRows(HALL)), [
        { type: 'player', x: 1, y: 2 },
        { type: 'enemy', x: 30, y: 2, name: 'Bob', properties: { respawn: 'soon' } },
      ]),
    ).toThrow(/the enemy spawn "Bob" at \(30, 2\) has respawn "soon"/);
  });

  it('the chasing count is 0 once the defeated player has respawned (the hunters go home)', () => {
    const grid = NavGrid.fromRows(HALL);
    const world = new World(grid, { seed: 7, enemyHitEvery: 0.25, playerHp: 30 });
    const p = world.addPlayer(1, 2);
    world.addEnemy(4, 2, { aggro: 12 });
    world.addEnemy(5, 1, { aggro: 12 });
    let fell = false;
    for (let k = 0; k < 2000 && !fell; k++) {
      world.step();
      for (let i = 0; i < world.events.count; i++) {
        const e = world.events.at(i);
        if (e.type === 'respawn' && e.id === p.id) fell = true;
      }
    }
    expect(fell).toBe(true);
    expect(p.hp).toBe(p.maxHp);
    expect(world.stats.chasing).toBe(0);
  });
});
