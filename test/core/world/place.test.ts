// World.place: the player coming back into a map of a Tiled world it left, on the tile matching where it
// crossed, with its hit points and without a step; whoever was chasing it goes home.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { World } from '../../../src/core/world/World.ts';

const ROOM = ['#########', '#.......#', '#.......#', '#...#...#', '#.......#', '#########'];

describe('World.place', () => {
  it('stands the player on the tile, holding it, with no step, path or goal, hit points kept', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 3 });
    const p = world.addPlayer(1, 1);
    world.moveTo(p.id, 7, 4);
    for (let t = 0; t < 6; t++) world.step();
    expect(p.moving || p.path.remaining > 0).toBe(true);
    p.hp = 40;
    expect(world.place(p, 7, 2)).toEqual({ x: 7, y: 2 });
    expect([p.x, p.y, p.moving, p.path.remaining, p.hp]).toEqual([7, 2, false, 0, 40]);
    let held = 0;
    for (let i = 0; i < grid.size; i++) if (grid.occupant[i] === p.id) held++;
    expect([held, grid.occupant[grid.index(7, 2)]]).toEqual([1, p.id]);
    // It stays there: nothing walks it on.
    for (let t = 0; t < 40; t++) world.step();
    expect([p.x, p.y]).toEqual([7, 2]);
  });

  it('a wall or a held tile puts it on the free walkable tile nearest', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 3 });
    const p = world.addPlayer(1, 1);
    world.addEnemy(5, 3, { passive: true });
    const at = world.place(p, 4, 3); // the pillar
    expect(grid.isWalkable(at.x, at.y)).toBe(true);
    expect(Math.max(Math.abs(at.x - 4), Math.abs(at.y - 3))).toBe(1);
    expect(at).not.toEqual({ x: 5, y: 3 });
  });

  it('an enemy chasing the player it lost goes home', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 3 });
    const p = world.addPlayer(2, 2);
    const e = world.addEnemy(6, 2, { aggro: 10, leash: 20 });
    for (let t = 0; t < 200 && e.brain.state !== 'chase' && e.brain.state !== 'attack'; t++) world.step();
    expect(['chase', 'attack']).toContain(e.brain.state);
    world.place(p, 1, 4);
    expect(e.brain.state).toBe('return');
  });
});
