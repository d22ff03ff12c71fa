import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { Journey } from '../../../src/core/world/Journey.ts';
import { World } from '../../../src/core/world/World.ts';

const ROOM = ['#######', '#.....#', '#.....#', '#######'];

describe('a journey across maps', () => {
  it('carries the hit points into the next world and keeps the world left by an exit', () => {
    const journey = new Journey<string>();
    const town = new World(NavGrid.fromRows(ROOM), { seed: 1 });
    town.addPlayer(1, 1, { hp: 120 });
    const cave = new World(NavGrid.fromRows(ROOM), { seed: 2 });
    cave.addPlayer(2, 2);
    // A fresh journey: the world's own hit points.
    journey.enter(town);
    expect(town.player!.hp).toBe(120);
    town.player!.hp = 35;
    journey.keep('town.tmj', town, 'town map');
    journey.enter(cave);
    expect([cave.player!.hp, cave.player!.maxHp]).toEqual([35, 120]);
    cave.player!.hp = 20;
    journey.left(cave);
    const back = journey.stayAt('town.tmj');
    expect(back?.world).toBe(town);
    expect(back?.map).toBe('town map');
    journey.enter(back!.world);
    expect(town.player!.hp).toBe(20);
    journey.forget('town.tmj');
    expect(journey.stayAt('town.tmj')).toBeUndefined();
  });
});
