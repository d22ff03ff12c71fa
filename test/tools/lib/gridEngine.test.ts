import { describe, expect, it } from 'vitest';
import type { CrowdInstance, CrowdRoute } from '../../../tools/lib/crowd.ts';
import {
  type GridEngineCrowdOptions,
  gridEngineAloneSeconds,
  gridEngineOn,
  loadGridEngine,
  runGridEngineCrowd,
} from '../../../tools/lib/gridEngine.ts';
import { parseMap } from '../../../tools/lib/movingai.ts';
import { resolve } from '../../../tools/lib/phaserHook.mjs';

/** A Moving AI map from rows (`.` free, `@` blocked). */
function grid(rows: string[]) {
  const text = `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.join('\n')}\n`;
  return parseMap(text, 'test.map');
}

function route(sx: number, sy: number, gx: number, gy: number, line: number): CrowdRoute {
  return { sx, sy, gx, gy, line };
}

const OPTS: GridEngineCrowdOptions = { directions: 8, speed: 4, tickHz: 20, seconds: 30, wallSeconds: 30 };

describe('grid-engine headless in Node (the bench adapter)', () => {
  it('resolves phaser to the stand-in for grid-engine only, and leaves our own phaser import alone', async () => {
    const next = (specifier: string) => Promise.resolve({ url: `next:${specifier}` });
    const fromGe = { parentURL: 'file:///p/node_modules/grid-engine/dist/GridEngine.esm.min.js' };
    expect((await resolve('phaser', fromGe, next)).url).toMatch(/tools\/lib\/phaserStandIn\.mjs$/);
    expect((await resolve('rxjs', fromGe, next)).url).toBe('next:rxjs');
    expect((await resolve('phaser', { parentURL: 'file:///p/src/main.ts' }, next)).url).toBe('next:phaser');
  });

  it('loads GridEngineHeadless, on a tilemap with our walls', async () => {
    const ge = await loadGridEngine();
    expect(typeof ge.GridEngineHeadless).toBe('function');
    const engine = gridEngineOn(ge, grid(['.@.']), 8);
    expect(engine.isTileBlocked({ x: 1, y: 0 })).toBe(true);
    expect(engine.isTileBlocked({ x: 0, y: 0 })).toBe(false);
  });

  it('one walker alone arrives after its steps ÷ speed: 3 tiles at 4 tiles/s is 0.75 s', async () => {
    const ge = await loadGridEngine();
    const instance: CrowdInstance = { grid: grid(['.....', '.@@@.']), routes: [route(0, 0, 3, 0, 2)] };
    const alone = gridEngineAloneSeconds(ge, instance.grid, instance.routes, OPTS);
    expect(alone).toEqual([0.75]);
    const r = runGridEngineCrowd(ge, instance, OPTS, alone);
    expect(r).toMatchObject({ agents: 1, arrived: 1, makespanS: 0.75, sumS: 0.75, stoppedBy: 'arrived' });
    expect(r.lowerBoundSumS).toBe(0.75);
    expect(r.ticks).toBe(15);
  });

  it('takes a diagonal step in the time of a straight one, and cuts corners, with 8 directions only', async () => {
    const ge = await loadGridEngine();
    // (0, 0) to (2, 2) on open ground: 2 diagonal steps (0.5 s) with 8 directions, 4 steps (1 s) with 4.
    const open = grid(['...', '...', '...']);
    expect(gridEngineAloneSeconds(ge, open, [route(0, 0, 2, 2, 2)], OPTS)).toEqual([0.5]);
    expect(gridEngineAloneSeconds(ge, open, [route(0, 0, 2, 2, 2)], { ...OPTS, directions: 4 })).toEqual([1]);
    // Squeezing between two walls that touch at a corner: one step for grid-engine, where our rules (and
    // Moving AI's) forbid the diagonal and no other way exists.
    const squeeze = grid(['.@', '@.']);
    expect(gridEngineAloneSeconds(ge, squeeze, [route(0, 0, 1, 1, 2)], OPTS)).toEqual([0.25]);
  });

  it('two walkers in a line: the leader walks as if alone, the follower retries until its way is clear', async () => {
    const ge = await loadGridEngine();
    // grid-engine's searches treat other characters as walls. On time 0 the follower's only way is through
    // the leader, so it has no path; noPathFoundStrategy RETRY searches again every 200 ms, and the leader
    // (moving, it holds the tile it leaves and the one it enters) blocks the follower's goal until it stops
    // at 0.75 s. The follower finds its path on that retry and walks its 0.75 s: 1.5 s in all.
    const instance: CrowdInstance = {
      grid: grid(['.....']),
      routes: [route(0, 0, 3, 0, 2), route(1, 0, 4, 0, 3)],
    };
    const alone = gridEngineAloneSeconds(ge, instance.grid, instance.routes, OPTS);
    expect(alone).toEqual([0.75, 0.75]);
    const r = runGridEngineCrowd(ge, instance, OPTS, alone);
    expect(r).toMatchObject({
      arrived: 2,
      makespanS: 1.5,
      sumS: 2.25,
      lowerBoundSumS: 1.5,
      longestStandS: 0.75,
    });
    expect(r.gaveUp).toBe(0);
  });

  it('two walkers that must swap in a corridor freeze for good, counted to the cap', async () => {
    const ge = await loadGridEngine();
    const instance: CrowdInstance = {
      grid: grid(['....']),
      routes: [route(0, 0, 3, 0, 2), route(3, 0, 0, 0, 3)],
    };
    const alone = gridEngineAloneSeconds(ge, instance.grid, instance.routes, OPTS);
    const r = runGridEngineCrowd(ge, instance, OPTS, alone);
    expect(r.stoppedBy).toBe('frozen');
    expect(r.arrived).toBe(0);
    expect(r.makespanS).toBeNull();
    // Neither arrives, so each counts the whole 30 s cap, and stands there until it.
    expect(r.sumS).toBe(60);
    expect(r.longestStandS).toBeGreaterThan(28);
    expect(r.gaveUp).toBe(0);
  });
});
