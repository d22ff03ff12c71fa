/**
 * The play sessions bench:game replays: each one run headless with fixed seeds, every search its world made
 * written to a query log (tools/lib/queryLog.ts). Made afresh at bench time rather than committed: a few
 * seconds each, and the logs then always show what the world as it is now asks of the planner.
 */
import { fileURLToPath } from 'node:url';
import type { NavGrid } from '../../src/core/grid/index.ts';
import { CROWD_DEFAULTS, loadCrowd, runCrowd } from './crowd.ts';
import { QueryLog } from './queryLog.ts';
import { loadSessionMap, runSession } from './session.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface GameSession {
  name: string;
  /** What the session is, for the table. */
  about: string;
  /** The map, relative to the project. */
  map: string;
  /** Runs the session and returns its query log's lines. */
  record(): Promise<string[]>;
}

function play(
  name: string,
  about: string,
  map: string,
  enemies: number | undefined,
  seed: number,
): GameSession {
  return {
    name,
    about,
    map,
    async record() {
      const loaded = await loadSessionMap(`${ROOT}${map}`);
      const lines: string[] = [];
      runSession(
        loaded,
        { enemies, ticks: 6000, seed, tickHz: 20 },
        { onWorld: (world) => new QueryLog(world, (l) => lines.push(l)) },
      );
      return lines;
    },
  };
}

const CROWD_MAP = 'test/fixtures/movingai/lak304d.map';
const CROWD_SCEN = 'test/fixtures/crowd/lak304d-crowd.map.scen';

export const GAME_SESSIONS: GameSession[] = [
  play('town', 'town, 30 enemies, wandering player, 6,000 ticks, seed 1', 'maps/town.tmj', 30, 1),
  play(
    'dungeon',
    'dungeon as it ships, wandering player, 6,000 ticks, seed 1',
    'maps/dungeon.tmj',
    undefined,
    1,
  ),
  play('field', 'field, 300 enemies, wandering player, 6,000 ticks, seed 1', 'maps/field.tmj', 300, 1),
  {
    name: 'crowd',
    about: 'lak304d, 1,000 walkers sent at once (MAPF scenario rows), until all arrive or 300 s',
    map: CROWD_MAP,
    async record() {
      const instance = await loadCrowd(`${ROOT}${CROWD_MAP}`, `${ROOT}${CROWD_SCEN}`, 1000);
      const lines: string[] = [];
      runCrowd(instance, CROWD_DEFAULTS, { onWorld: (world) => new QueryLog(world, (l) => lines.push(l)) });
      return lines;
    },
  },
];

/** A fresh grid of the session's map, nobody on it (for replays). */
export async function sessionGrid(s: GameSession): Promise<NavGrid> {
  return (await loadSessionMap(`${ROOT}${s.map}`)).nav;
}
