// The goals a walk must cross were every walker of a batch on its goal (src/core/world/crowd/GoalRegions.ts): as
// many as the tile search of BatchOrder finds, on the goals the walker would cross on its shortest way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../../src/core/grid/index.ts';
import { BatchOrder } from '../../../../src/core/world/crowd/BatchOrder.ts';
import { GoalRegions } from '../../../../src/core/world/crowd/GoalRegions.ts';
import { StepBits } from '../../../../src/core/world/crowd/StepBits.ts';
import { Rng } from '../../../../src/core/world/index.ts';

/** A Moving AI map's rows as NavGrid.fromRows reads them ('.' floor, '#' wall). */
function movingAi(file: string): NavGrid {
  const lines = readFileSync(new URL(`../../../fixtures/crowd/${file}`, import.meta.url), 'utf8').split('\n');
  const from = lines.indexOf('map') + 1;
  const height = Number(lines.find((l) => l.startsWith('height'))!.split(' ')[1]);
  return NavGrid.fromRows(lines.slice(from, from + height).map((r) => r.replace(/[^.]/g, '#')));
}

function regionsFor(grid: NavGrid, moves: 8 | 4, goals: number[]): GoalRegions {
  const isGoal = new Uint8Array(grid.size);
  for (const g of goals) isGoal[g] = 1;
  return new GoalRegions(grid, moves, new StepBits(grid), isGoal);
}

// Two rooms of 3 × 3 joined by a door one tile wide, and a second way round, three tiles longer.
const ROOMS = NavGrid.fromRows([
  '#########',
  '#...#...#',
  '#.......#',
  '#...#...#',
  '##.###.##',
  '##.....##',
  '#########',
]);
const at = (x: number, y: number) => y * ROOMS.width + x;

describe('the goals a walk must cross', () => {
  it('finds none when the walk gets round every goal, and the door when a goal stands in it', () => {
    const door = at(4, 2);
    const regions = regionsFor(ROOMS, 8, [at(7, 1), door]);
    expect(regions.shutBy(at(1, 1), at(7, 1))).toBeNull();
    // With the way round closed too, the walk must cross a goal: the door's, on the shorter way.
    const closed = regionsFor(ROOMS, 8, [at(7, 1), door, at(4, 5)]);
    expect(closed.shutBy(at(1, 1), at(7, 1))).toEqual([door]);
    // A walk to the door itself crosses nothing; one starting on a goal does not count it.
    expect(closed.shutBy(at(1, 1), door)).toBeNull();
    expect(closed.shutBy(door, at(7, 1))).toBeNull();
  });

  it('counts as many goals as the tile search, on rooms and a maze of two-wide corridors, 8 and 4 moves', () => {
    for (const file of ['room-33-33-3.map', 'maze-34-34-2.map']) {
      const grid = movingAi(file);
      const floor: number[] = [];
      for (let c = 0; c < grid.size; c++) if (grid.walkable[c] === 1) floor.push(c);
      for (const share of [0.12, 0.35]) {
        for (const moves of [8, 4] as const) {
          // Seeded starts and goals, each tile used once.
          const rng = new Rng(7);
          const tiles = floor.slice();
          for (let i = tiles.length - 1; i > 0; i--) {
            const j = Math.floor(rng.next() * (i + 1));
            [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
          }
          const n = Math.floor(share * floor.length);
          const walkers = Array.from({ length: n }, (_, k) => ({
            cell: tiles[k],
            goal: tiles[n + k],
            tilesLeft: () => 0,
          }));
          const goals = walkers.map((wk) => wk.goal);
          const regions = regionsFor(grid, moves, goals);
          const tilesSearch = new BatchOrder(grid, moves, walkers, 'none');
          const isGoal = new Set(goals);
          let crossing = 0;
          for (const wk of walkers) {
            const mine = regions.shutBy(wk.cell, wk.goal);
            const theirs = tilesSearch.shutBy(wk.cell, wk.goal, (c) => isGoal.has(c) && c !== wk.goal);
            expect(mine?.length ?? 0).toBe(theirs?.length ?? 0);
            for (const c of mine ?? []) expect(isGoal.has(c) && c !== wk.goal).toBe(true);
            if (mine !== null) crossing++;
          }
          // Not a vacuous agreement: some walkers must cross goals.
          expect(crossing).toBeGreaterThan(0);
        }
      }
    }
  });
});
