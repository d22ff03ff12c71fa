// Exits are taken where the player's walk ends, never on the way: a walk past the stairs goes round them where
// that is cheap, over them where it must, and stays on the map either way; a click on the stairs, or a key step
// onto them, leaves.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { Exits } from '../../../src/core/world/Exits.ts';
import { traceHeader, traceLine } from '../../../src/core/world/trace.ts';
import { World } from '../../../src/core/world/World.ts';
import { checkTrace } from '../../support/checkTrace.ts';
import { gridRows } from '../../support/runWorld.ts';

/** The room of the dungeon's stairs: stairs at (5, 1), room to pass them below. */
const ROOM = ['##########', '#........#', '#........#', '##########'];
/** A corridor with the stairs in it: no way past but over them. */
const CORRIDOR = ['###########', '#.........#', '###########'];
const STAIRS = { x: 5, y: 1, width: 1, height: 1 };

interface Walk {
  at: [number, number];
  exits: { x: number; y: number; exit: number }[];
  visited: string[];
}

/**
 * Sends the player somewhere (`send`, and `later.send` at tick `later.tick`), runs `ticks` ticks (it must then
 * stand still); what happened on the way.
 */
function walk(world: World, send: () => void, ticks = 300, later?: { tick: number; send: () => void }): Walk {
  const p = world.player!;
  const exits: Walk['exits'] = [];
  const visited: string[] = [`${p.x},${p.y}`];
  const collect = () => {
    for (let i = 0; i < world.events.count; i++) {
      const e = world.events.at(i);
      if (e.type === 'exit') exits.push({ x: e.x, y: e.y, exit: e.other });
      if (e.type === 'arrive' && e.id === p.id) visited.push(`${e.x},${e.y}`);
    }
  };
  // Events of the tick just run (a command's own come with the next tick's).
  send();
  const lines = [traceHeader(world)];
  for (let t = 0; t < ticks; t++) {
    if (t === later?.tick) later.send();
    world.step();
    collect();
    for (let i = 0; i < world.events.count; i++) {
      const line = traceLine(world.events.at(i));
      if (line) lines.push(line);
    }
  }
  expect(checkTrace(gridRows(world.grid), lines).problems).toEqual([]);
  expect(p.moving).toBe(false);
  return { at: [p.x, p.y], exits, visited };
}

function world(rows: readonly string[], px: number, py: number) {
  const w = new World(NavGrid.fromRows(rows), { seed: 2, exits: [STAIRS] });
  w.addPlayer(px, py);
  return w;
}

describe('exits fire where the walk ends, never on the way', () => {
  it('a walk past the stairs goes round them (a step or so more) and stays on the map', () => {
    const w = world(ROOM, 8, 1);
    const p = w.player!;
    const preview = w.preview(p.id, 2, 1);
    expect(preview.map((c) => [c % w.grid.width, Math.floor(c / w.grid.width)])).not.toContainEqual([5, 1]);
    const r = walk(w, () => w.moveTo(p.id, 2, 1));
    expect(r.at).toEqual([2, 1]);
    expect(r.visited).not.toContain('5,1');
    expect(r.exits).toEqual([]);
  });

  it('where the stairs are the only way, the walk goes over them and still stays on the map', () => {
    const w = world(CORRIDOR, 8, 1);
    const r = walk(w, () => w.moveTo(w.player!.id, 2, 1));
    expect(r.at).toEqual([2, 1]);
    expect(r.visited).toContain('5,1');
    expect(r.exits).toEqual([]);
  });

  it('a walk that ends on the stairs leaves by them, once, when it gets there', () => {
    const w = world(ROOM, 8, 2);
    const r = walk(w, () => w.moveTo(w.player!.id, 5, 1));
    expect(r.at).toEqual([5, 1]);
    expect(r.exits).toEqual([{ x: 5, y: 1, exit: 0 }]);
  });

  it('a key step onto the stairs leaves; one past them does not', () => {
    const w = world(CORRIDOR, 6, 1);
    const p = w.player!;
    expect(walk(w, () => w.stepDir(p.id, 6)).exits).toEqual([{ x: 5, y: 1, exit: 0 }]);
    expect(walk(w, () => w.stepDir(p.id, 6)).exits).toEqual([]);
    expect([p.x, p.y]).toEqual([4, 1]);
  });

  it('a click on the stairs the player stands on leaves (say, once an exit that led nowhere is tried again)', () => {
    const w = world(ROOM, 5, 1);
    expect(walk(w, () => w.moveTo(w.player!.id, 5, 1), 5).exits).toEqual([{ x: 5, y: 1, exit: 0 }]);
  });

  it('a new click before the walk to the stairs ends goes elsewhere, and does not leave', () => {
    const w = world(ROOM, 8, 1);
    const p = w.player!;
    const r = walk(w, () => w.moveTo(p.id, 5, 1), 300, { tick: 8, send: () => w.moveTo(p.id, 2, 2) });
    expect(r.at).toEqual([2, 2]);
    expect(r.exits).toEqual([]);
  });

  it('a click on the wall beside a door walks to the nearest tile that is not the door', () => {
    // The door (4, 2) is an alcove in the north wall; a click on the wall above it is nearest the door.
    const rows = ['#########', '#########', '####.####', '#.......#', '#########'];
    const w = new World(NavGrid.fromRows(rows), { seed: 2, exits: [{ x: 4, y: 2, width: 1, height: 1 }] });
    const p = w.addPlayer(1, 3);
    const end = w.preview(p.id, 4, 1).at(-1)!;
    expect([end % w.grid.width, Math.floor(end / w.grid.width)]).toEqual([4, 3]);
    const r = walk(w, () => w.moveTo(p.id, 4, 1));
    expect(r.at).toEqual([4, 3]);
    expect(r.exits).toEqual([]);
    // The door itself, clicked, is where the walk goes: and it leaves.
    expect(walk(w, () => w.moveTo(p.id, 4, 2)).exits).toEqual([{ x: 4, y: 2, exit: 0 }]);
  });

  it('a detour that costs more than the toll is not taken: the walk goes over the stairs', () => {
    // Round the stairs is a long loop through the south room; over them is the straight way.
    const rows = ['###########', '#.........#', '#.#######.#', '#.#######.#', '#.........#', '###########'];
    const w = new World(NavGrid.fromRows(rows), { seed: 2, exits: [STAIRS] });
    w.addPlayer(8, 1);
    const r = walk(w, () => w.moveTo(w.player!.id, 2, 1));
    expect(r.visited).toContain('5,1');
    expect(r.exits).toEqual([]);
    // With a toll dearer than the loop (12 steps more), it goes round.
    const w2 = new World(NavGrid.fromRows(rows), { seed: 2, exits: [STAIRS], exitToll: 20 });
    w2.addPlayer(8, 1);
    const r2 = walk(w2, () => w2.moveTo(w2.player!.id, 2, 1));
    expect(r2.visited).not.toContain('5,1');
    expect(r2.at).toEqual([2, 1]);
  });
});

describe('Exits', () => {
  it('knows every tile an exit covers, and none beside it', () => {
    const grid = NavGrid.fromRows(ROOM);
    const exits = new Exits(grid, [STAIRS, { x: 4, y: 2, width: 2, height: 1 }]);
    expect(exits.at(grid.index(5, 1))).toBe(0);
    expect(exits.at(grid.index(4, 2))).toBe(1);
    expect(exits.at(grid.index(5, 2))).toBe(1);
    expect(exits.at(grid.index(6, 2))).toBe(-1);
    expect(exits.at(grid.index(4, 1))).toBe(-1);
    expect(exits.cells.map((c) => [c % grid.width, Math.floor(c / grid.width)])).toEqual([
      [5, 1],
      [4, 2],
      [5, 2],
    ]);
  });
});
