import type { WorldEvent } from './events.ts';
import type { World } from './World.ts';

/**
 * The world's run as JSON Lines (the sim tool's `--trace`): a header, then one line per movement, brain,
 * catch, defeat or respawn event in tick order. `goals` (the crowd tool's) adds each walker's `goal: [x, y]` to the header. Other events (notice, hit, replan) are for the game, not the trace.
 */
export function traceHeader(world: World, goals?: ReadonlyMap<number, readonly [number, number]>): string {
  return JSON.stringify({
    type: 'header',
    map: { width: world.grid.width, height: world.grid.height },
    tickHz: world.tickHz,
    chars: world.characters.map((c) => {
      const goal = goals?.get(c.id);
      // A defeated character is off the map until it respawns: it holds no tile.
      const at = c.away ? { x: c.x, y: c.y, away: true } : { x: c.x, y: c.y };
      return goal ? { id: c.id, kind: c.kind, ...at, goal } : { id: c.id, kind: c.kind, ...at };
    }),
  });
}

/** The trace line of one event, or null for events the trace does not carry. */
export function traceLine(e: WorldEvent): string | null {
  switch (e.type) {
    case 'step':
      return `{"t":${e.t},"e":"step","id":${e.id},"from":[${e.x},${e.y}],"to":[${e.x2},${e.y2}]}`;
    case 'arrive':
      return `{"t":${e.t},"e":"arrive","id":${e.id},"at":[${e.x},${e.y}]}`;
    case 'state':
      return `{"t":${e.t},"e":"state","id":${e.id},"state":"${e.state}"}`;
    case 'catch':
      return `{"t":${e.t},"e":"catch","id":${e.id}}`;
    case 'defeat':
      return `{"t":${e.t},"e":"defeat","id":${e.id},"at":[${e.x},${e.y}]}`;
    case 'respawn':
      return `{"t":${e.t},"e":"respawn","id":${e.id},"at":[${e.x},${e.y}]}`;
    default:
      return null;
  }
}
