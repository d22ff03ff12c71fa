// Clicks on tiles the player cannot stand on or cannot reach: where the walk ends, and what finding that costs.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { loadTiledMap } from '../../../src/core/tiled/index.ts';
import { populate } from '../../../src/core/world/populate.ts';
import { Rng } from '../../../src/core/world/rng.ts';
import { World } from '../../../src/core/world/World.ts';
import { readTextFile } from '../../../tools/lib/node-reader.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows, runTrace } from '../../support/runWorld.ts';

/** Clicks (x, y), runs the world until the player stands still, checks the trace; returns where it stands. */
function walkTo(world: World, x: number, y: number, ticks = 400): [number, number] {
  const p = world.player!;
  world.moveTo(p.id, x, y);
  const lines = runTrace(world, ticks);
  expect(checkTrace(gridRows(world.grid), lines).problems).toEqual([]);
  expect(p.moving).toBe(false);
  return [p.x, p.y];
}

/** The last tile of the hover preview for (x, y). */
function previewEnd(world: World, x: number, y: number): [number, number] {
  const cells = world.preview(world.player!.id, x, y);
  const end = cells[cells.length - 1];
  return [end % world.grid.width, Math.floor(end / world.grid.width)];
}

describe('a click on a tile the player cannot reach', () => {
  it('inside a walled-off room walks to the reachable tile outside it closest to the click', () => {
    // The room (5..7, 4..5) has no door; its east wall is two thick, so from (7, 4) the tile above the
    // north wall, (7, 2), is nearest (2), before (10, 4) east (3) and (7, 7) south (3).
    const grid = NavGrid.fromRows([
      '##############',
      '#............#',
      '#............#',
      '#...######...#',
      '#...#...##...#',
      '#...#...##...#',
      '#...######...#',
      '#............#',
      '#............#',
      '##############',
    ]);
    const world = new World(grid, { seed: 1 });
    world.addPlayer(1, 8);
    expect(previewEnd(world, 7, 4)).toEqual([7, 2]);
    expect(walkTo(world, 7, 4)).toEqual([7, 2]);
    // From (6, 5), low in the room, the south side is nearer.
    expect(walkTo(world, 6, 5)).toEqual([6, 7]);
  });

  it('on a lake walks to the shore tile closest to the click, even across the lake from the player', () => {
    // The player stands east of the lake; the click is near its west shore: the walk goes round to it.
    const rows = Array.from({ length: 20 }, (_, y) =>
      Array.from({ length: 30 }, (_, x) => {
        if (x === 0 || y === 0 || x === 29 || y === 19) return '#';
        // An irregular lake: a wide oval with a bay cut into its south-west shore.
        const inside = ((x - 14) / 9) ** 2 + ((y - 9) / 6) ** 2 <= 1;
        const bay = x >= 8 && x <= 10 && y >= 12;
        return inside && !bay ? 'W' : '.';
      }).join(''),
    );
    const grid = NavGrid.fromRows(rows);
    const world = new World(grid, { seed: 2 });
    world.addPlayer(26, 9);
    // The oracle: among the tiles the player can reach, the one closest to the click (octile, then straight).
    const click = [9, 9];
    let best: [number, number][] = [];
    let bestD = Number.POSITIVE_INFINITY;
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 30; x++) {
        if (!grid.isWalkable(x, y)) continue;
        const ax = Math.abs(x - click[0]);
        const ay = Math.abs(y - click[1]);
        const d = Math.max(ax, ay) + (Math.SQRT2 - 1) * Math.min(ax, ay);
        if (d < bestD - 1e-9) {
          bestD = d;
          best = [[x, y]];
        } else if (d < bestD + 1e-9) best.push([x, y]);
      }
    }
    // Into the bay, 3 south: nearer than the west shore (5 west) or the north one (5 north).
    expect(best).toEqual([[9, 12]]);
    expect(previewEnd(world, 9, 9)).toEqual(best[0]);
    expect(walkTo(world, 9, 9)).toEqual(best[0]);
  });

  it('among tiles equally close to the click, takes the one the player reaches by the shortest walk', () => {
    const grid = NavGrid.fromRows([
      '.........',
      '.........',
      '...###...',
      '...###...',
      '...###...',
      '.........',
      '.........',
    ]);
    // The middle of the block (4, 3) is 2 from the middle of each side, and as far in a straight line.
    const west = new World(grid, { seed: 3 });
    west.addPlayer(0, 3);
    expect(previewEnd(west, 4, 3)).toEqual([2, 3]);
    expect(walkTo(west, 4, 3)).toEqual([2, 3]);
    const north = new World(NavGrid.fromRows(gridRows(grid)), { seed: 3 });
    north.addPlayer(5, 0);
    expect(walkTo(north, 4, 3)).toEqual([4, 1]);
  });

  it('from inside a closed room walks to the room tile closest to a click outside', () => {
    const grid = NavGrid.fromRows(['..........', '.#######..', '.#.....#..', '.#######..', '..........']);
    const world = new World(grid, { seed: 4 });
    world.addPlayer(2, 2);
    expect(walkTo(world, 9, 2)).toEqual([6, 2]);
  });
});

const CLICKS = 12;

describe('the cost of a click on water', () => {
  it('on the 256 × 256 field is one search to the shore, not a search of the whole map', async () => {
    const map = await loadTiledMap(join(import.meta.dirname, '../../../maps/field.tmj'), readTextFile);
    const grid = map.nav;
    const world = new World(grid, { seed: 5 });
    populate(world, map.spawns, { enemies: 0 });
    const p = world.player!;
    const w = grid.width;
    const home = world.regions.regionOf(p.cell);
    const area = world.regions.area[home];
    // Water: blocked tiles with only blocked tiles around them.
    const water: number[] = [];
    for (let i = 0; i < grid.size; i++) {
      const x = i % w;
      const y = (i - x) / w;
      let open = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) open += grid.isWalkable(x + dx, y + dy) ? 1 : 0;
      if (open === 0) water.push(i);
    }
    expect(water.length).toBeGreaterThan(1000);
    const rng = new Rng(5);
    let total = 0;
    for (let k = 0; k < CLICKS; k++) {
      const c = water[rng.int(water.length)];
      const from = p.planCell;
      const before = world.scheduler.expansions;
      world.moveTo(p.id, c % w, (c - (c % w)) / w);
      world.step();
      const spent = world.scheduler.expansions - before;
      const landing = p.path.end();
      expect(landing).toBeGreaterThanOrEqual(0);
      // What the same walk costs as an ordinary click on the landing tile itself.
      const direct = world.planner.find({
        start: from,
        goal: landing,
        occupancy: { kind: 'cost', self: p.id, extra: world.config.crowdCost, radius: 3 },
      });
      expect(direct.status).toBe('found');
      // Equal but for ties, where the search weighs the tied shore tiles against each other.
      expect(spent, `click ${k} on (${c % w}, ${Math.floor(c / w)})`).toBeLessThanOrEqual(
        1.25 * direct.expanded + 16,
      );
      total += spent;
    }
    // Before the region labels every one of these clicks expanded the player's whole region.
    expect(total).toBeLessThan((CLICKS * area) / 8);
  });
});
