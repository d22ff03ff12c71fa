import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { World } from '../../../src/core/world/World.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows, runTrace } from '../../support/runWorld.ts';

const ROOM = [
  '############',
  '#..........#',
  '#..........#',
  '#....###...#',
  '#....###...#',
  '#..........#',
  '############',
];

function events(lines: string[], type: string) {
  return lines
    .slice(1)
    .map((l) => JSON.parse(l))
    .filter((e) => e.e === type);
}

describe('player commands', () => {
  it('a click on a wall walks to the reachable tile closest to it', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 1 });
    const p = world.addPlayer(1, 1);
    world.moveTo(p.id, 6, 3); // the middle of the wall block; (6, 2) is the open tile right above it
    const lines = runTrace(world, 100);
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    expect([p.x, p.y, p.moving]).toEqual([6, 2, false]);
  });

  it('a new click while stepping finishes the step, then follows the new path (no snapping back)', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 1 });
    const p = world.addPlayer(1, 1);
    world.moveTo(p.id, 10, 1);
    let firstTo: [number, number] | null = null;
    const lines = runTrace(world, 120, (t) => {
      if (p.moving && firstTo === null && t > 2) {
        firstTo = [p.step.toX, p.step.toY];
        world.moveTo(p.id, 1, 5);
      }
    });
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    const arrivals = events(lines, 'arrive').map((e) => e.at);
    // The first arrival after the second click is the tile that step was already entering.
    expect(arrivals[0]).toEqual(firstTo);
    expect([p.x, p.y]).toEqual([1, 5]);
    // The path it showed is the path it walked: every step after the click was on a shown path cell.
    expect(p.path.remaining).toBe(0);
  });

  it('a click on an enemy walks next to it and strikes until it is down', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 1 });
    const p = world.addPlayer(1, 1);
    const foe = world.addEnemy(9, 5, { passive: true, hp: 40 });
    world.moveTo(p.id, 9, 5);
    const hits: number[] = [];
    const defeats: number[] = [];
    const respawns: number[] = [];
    const lines = runTrace(world, 200, () => {
      for (let i = 0; i < world.events.count; i++) {
        const e = world.events.at(i);
        if (e.type === 'hit' && e.other === foe.id) hits.push(e.t);
        if (e.type === 'defeat' && e.id === foe.id) defeats.push(e.t);
        if (e.type === 'respawn' && e.id === foe.id) respawns.push(e.t);
      }
    });
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    expect(hits.length).toBe(2); // 40 hp, 20 a blow
    expect(defeats).toEqual([hits[1]]);
    // Down, it stays off the map for its respawn time (30 s by default), not back 10 s later.
    expect(respawns).toEqual([]);
    expect(foe.away).toBe(true);
    expect(world.characterAt(9, 5)).toBeUndefined();
    expect(world.stats.defeated).toBe(1);
  });
});

describe('enemy brains', () => {
  it('notice with sight, chase, attack with catches, and the player respawns at 0 hp', () => {
    const grid = NavGrid.fromRows(ROOM);
    const world = new World(grid, { seed: 2, enemyHitEvery: 0.25 });
    const p = world.addPlayer(1, 5);
    const e = world.addEnemy(9, 1, { aggro: 12 });
    const states: string[] = [];
    const lines = runTrace(world, 400, () => {
      for (let i = 0; i < world.events.count; i++) {
        const ev = world.events.at(i);
        if (ev.type === 'state' && ev.id === e.id) states.push(ev.state);
      }
    });
    expect(checkTrace(gridRows(grid), lines).problems).toEqual([]);
    // It may wander first (the wall block hides the player from its spawn); then it hunts.
    const hunt = states.filter((s) => s === 'chase' || s === 'attack');
    expect(hunt.slice(0, 2)).toEqual(['chase', 'attack']);
    const catches = events(lines, 'catch');
    expect(catches.length).toBeGreaterThanOrEqual(10);
    const respawn = events(lines, 'respawn').find((r) => r.id === p.id);
    expect(respawn?.at).toEqual([1, 5]);
    // After the respawn the hunter goes home.
    expect(states).toContain('return');
  });

  it('does not notice a player hidden behind a wall beyond half its aggro radius', () => {
    const grid = NavGrid.fromRows([
      '###########',
      '#....#....#',
      '#....#....#',
      '#....#....#',
      '###########',
    ]);
    const world = new World(grid, { seed: 3, wanderRadius: 1 });
    world.addPlayer(1, 2);
    const e = world.addEnemy(8, 2, { aggro: 10 });
    runTrace(world, 200);
    expect(e.brain.state === 'chase' || e.brain.state === 'attack').toBe(false);
    expect(world.stats.chasing).toBe(0);
  });

  it('gives up beyond its leash and walks back home', () => {
    const grid = NavGrid.fromRows([
      '##############################',
      '#............................#',
      '##############################',
    ]);
    // No grace: the enemy notices the player as it sets off (the grace has its own tests).
    const world = new World(grid, { seed: 4, noticeGrace: 0 });
    const p = world.addPlayer(8, 1, { speed: 6 });
    const e = world.addEnemy(2, 1, { aggro: 8, leash: 6, speed: 3 });
    world.moveTo(p.id, 28, 1);
    const states: string[] = [];
    runTrace(world, 400, () => {
      for (let i = 0; i < world.events.count; i++) {
        const ev = world.events.at(i);
        if (ev.type === 'state' && ev.id === e.id) states.push(ev.state);
      }
    });
    expect(states.slice(0, 3)).toEqual(['chase', 'return', 'idle']);
    expect(Math.abs(e.x - 2)).toBeLessThanOrEqual(5);
  });
});
