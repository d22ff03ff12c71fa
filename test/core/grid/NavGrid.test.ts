import { describe, expect, it } from 'vitest';
import { Dir, dirOf, opposite } from '../../../src/core/grid/directions.ts';
import { NavGrid } from '../../../src/core/grid/NavGrid.ts';

describe('NavGrid', () => {
  it('reads rows of text: # @ O T W are walls, the rest walkable, mirrored in the packed row bits', () => {
    const grid = NavGrid.fromRows(['.#@O', 'TW.G']);
    expect(Array.from(grid.walkable)).toEqual([1, 0, 0, 0, 0, 0, 1, 1]);
    expect(grid.walkBits[0]).toBe(0b0001);
    expect(grid.walkBits[1]).toBe(0b1100);
    expect(grid.countWalkable()).toBe(3);
  });

  it('a diagonal step needs both orthogonal neighbours open (no corner cutting)', () => {
    const grid = NavGrid.fromRows(['.#', '..']);
    expect(grid.canStep(0, 1, Dir.NE)).toBe(false);
    expect(grid.canStep(0, 1, Dir.E)).toBe(true);
    grid.setWalkable(1, 0, true);
    expect(grid.canStep(0, 1, Dir.NE)).toBe(true);
    expect(grid.canStep(1, 1, Dir.SE)).toBe(false);
  });

  it('one-way exits forbid the step and any diagonal that would slip past them', () => {
    const grid = NavGrid.fromRows(['..', '..']);
    grid.setEntryBlocked(1, 0, Dir.E, true);
    expect(grid.directedCells).toBe(1);
    expect(grid.canStep(0, 0, Dir.E)).toBe(false);
    expect(grid.canStep(1, 0, Dir.W)).toBe(true);
    // (0,1) → (1,0) diagonally: its detour through (0,0) → (1,0) is the blocked edge.
    expect(grid.canStep(0, 1, Dir.NE)).toBe(false);
    grid.setExitBlocked(0, 0, Dir.E, false);
    expect(grid.directedCells).toBe(0);
    expect(grid.canStep(0, 1, Dir.NE)).toBe(true);
  });

  it('counts non-unit costs and refuses costs below 1', () => {
    const grid = NavGrid.fromRows(['...']);
    const v = grid.version;
    grid.setCost(1, 0, 3);
    expect(grid.nonUnitCostCells).toBe(1);
    expect(grid.version).toBeGreaterThan(v);
    grid.setCost(1, 0, 1);
    expect(grid.nonUnitCostCells).toBe(0);
    expect(() => grid.setCost(0, 0, 0.5)).toThrow('cell cost must be a finite number ≥ 1, got 0.5');
  });

  it('direction costs: counted per cell, a cell with one counts as a non-unit cost, 1 undoes it', () => {
    const grid = NavGrid.fromRows(['...', '...']);
    expect(grid.entryCost).toBeNull();
    grid.setEntryCost(1, 0, Dir.N, 1);
    expect(grid.entryCost).toBeNull();
    grid.setEntryCost(1, 0, Dir.N, 4);
    grid.setEntryCost(1, 0, Dir.NE, 2);
    grid.setCost(1, 0, 3);
    expect([grid.directionCostCells, grid.nonUnitCostCells]).toEqual([1, 1]);
    // Entering (1, 0) moving north costs 3 × 4 per unit of step; from any other side 3.
    expect([grid.stepCost(1, Dir.N), grid.stepCost(1, Dir.NE), grid.stepCost(1, Dir.S)]).toEqual([12, 6, 3]);
    grid.setCost(1, 0, 1);
    expect(grid.nonUnitCostCells).toBe(1);
    grid.setEntryCost(1, 0, Dir.N, 1);
    grid.setEntryCost(1, 0, Dir.NE, 1);
    expect([grid.directionCostCells, grid.nonUnitCostCells]).toEqual([0, 0]);
    expect(() => grid.setEntryCost(0, 0, Dir.E, 0.5)).toThrow(
      'direction cost must be a finite number ≥ 1, got 0.5',
    );
  });

  it('occupancy: a character holds a cell until it releases it; others cannot release it', () => {
    const grid = NavGrid.fromRows(['..']);
    grid.occupy(1, 4);
    grid.release(1, 5);
    expect(grid.occupantAt(1)).toBe(4);
    grid.release(1, 4);
    expect(grid.occupantAt(1)).toBe(0);
  });

  it('directions: opposite and dirOf agree with DX/DY', () => {
    expect(opposite(Dir.N)).toBe(Dir.S);
    expect(opposite(Dir.NE)).toBe(Dir.SW);
    expect(dirOf(1, 1)).toBe(Dir.SE);
    expect(dirOf(0, 0)).toBe(-1);
  });
});
