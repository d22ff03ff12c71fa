// Playing the game from a test as a player would: real mouse clicks and key presses at the positions the page
// hook reports, and `state()` read back. Nothing here calls into the game to move anyone.
import type { Page } from 'playwright-core';

export interface Tile {
  x: number;
  y: number;
}

export interface PlayerSeen extends Tile {
  id: number;
  moving: boolean;
  hp: number;
  /** The game-over panel shows. */
  defeated: boolean;
}

export interface EnemySeen extends Tile {
  id: number;
  state: 'idle' | 'wander' | 'chase' | 'attack' | 'return';
  moving: boolean;
  hp: number;
  /** slime, bat or skeleton. */
  kind: string;
  /** Defeated and off the map until it comes back. */
  away: boolean;
  /** The tile it started on (and goes home to). */
  spawn: Tile;
}

export interface StateSeen {
  map: { name: string; width: number; height: number; tileWidth: number; tileHeight: number } | null;
  player: PlayerSeen;
  enemies: EnemySeen[];
  tick: number;
  error?: string;
  /** The player's last strike: the tick it landed on, the foe, and where both stood then. */
  lastHit?: { tick: number; foe: number; player: Tile; at: Tile } | null;
}

export function state(page: Page): Promise<StateSeen> {
  return page.evaluate(() => window.__RPG__.state() as unknown as StateSeen);
}

/** Waits until the game shows map `name`, ready for input (after an exit, say). */
export async function waitForMap(page: Page, name: string, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    (want) => window.__RPG__.ready && window.__RPG__.state().map?.name === want,
    name,
    { timeout: timeoutMs },
  );
}

/** Waits until the game runs again after a restart from the game-over panel, the player back on its feet. */
export async function waitRestarted(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () =>
      window.__RPG__.ready &&
      (window.__RPG__.state().player as { defeated: boolean } | undefined)?.defeated === false,
    null,
    { timeout: timeoutMs },
  );
}

/** A left click on the centre of tile (x, y) as the camera shows it now. */
export async function clickTile(page: Page, x: number, y: number) {
  const at = await page.evaluate(([tx, ty]) => window.__RPG__.tileToClient(tx, ty), [x, y]);
  await page.mouse.click(at.x, at.y);
}

/**
 * Reads `state()` on every animation frame inside the page until `done` (a function body over `s`, the
 * state) is true or `timeoutMs` passes; returns every state seen, in order. Sampling in the page sees every
 * tile a character stands on: a frame is far shorter than a step.
 */
export async function watch(page: Page, done: string, timeoutMs: number): Promise<StateSeen[]> {
  return page.evaluate(
    ([body, timeout]) =>
      new Promise<StateSeen[]>((resolve) => {
        const until = new Function('s', `return (${body});`) as (s: unknown) => boolean;
        const seen: StateSeen[] = [];
        const start = performance.now();
        const sample = () => {
          const s = window.__RPG__.state() as unknown as StateSeen;
          seen.push(s);
          if (until(s) || performance.now() - start > (timeout as number)) resolve(seen);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
    [done, timeoutMs] as const,
  );
}

/** The largest move between two consecutive samples, in tiles (Chebyshev). */
export function largestJump(tiles: readonly Tile[]): number {
  let most = 0;
  for (let i = 1; i < tiles.length; i++) {
    const d = Math.max(Math.abs(tiles[i].x - tiles[i - 1].x), Math.abs(tiles[i].y - tiles[i - 1].y));
    most = Math.max(most, d);
  }
  return most;
}

/** The distinct tiles in the order they were stood on. */
export function tilesWalked(tiles: readonly Tile[]): Tile[] {
  const out: Tile[] = [];
  for (const t of tiles) {
    const last = out[out.length - 1];
    if (!last || last.x !== t.x || last.y !== t.y) out.push({ x: t.x, y: t.y });
  }
  return out;
}
