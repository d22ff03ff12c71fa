// Fights that mean something, played in headless Chromium: a defeated enemy stays away for its respawn time and
// comes back out of the player's sight; the hit points and the defeated enemies go down the stairs and back up
// with the player (one journey: no free heal, no reset).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, ROOT, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { clickTile, type StateSeen, state, watch } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** The town with a map property `respawn` of `seconds`, served beside the real maps. */
function townWithRespawn(name: string, seconds: number): string {
  const town = JSON.parse(readFileSync(join(ROOT, 'dist', 'maps', 'town.tmj'), 'utf8'));
  town.properties = [...(town.properties ?? []), { name: 'respawn', type: 'float', value: seconds }];
  const file = join(ROOT, 'dist', 'maps', `${name}.tmj`);
  writeFileSync(file, JSON.stringify(town));
  return file;
}

type Away = StateSeen['enemies'][number];
const slime = (s: StateSeen) => s.enemies[0] as Away;

describe('a defeated enemy', () => {
  test('falls, stays away for its respawn time, and comes back out of sight with full hit points', async () => {
    const file = townWithRespawn('town-respawn-4', 4);
    try {
      // aggro 0: the slime never notices the player; the player does the hunting.
      const { page, errors } = await openGame(session, '?map=town-respawn-4&enemies=1&aggro=0&seed=5');
      await waitReady(page);
      const foe = slime(await state(page));
      expect(foe).toMatchObject({ kind: 'slime', hp: 45, away: false });
      await clickTile(page, foe.x, foe.y);
      const fight = await watch(page, 's.enemies[0].away', 20_000);
      const down = fight[fight.length - 1];
      expect(slime(down).away).toBe(true);
      // The fall plays where it stood; then the tile is empty.
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(SCREENSHOTS, 'town-slime-falls.png') });
      const fell = { x: slime(down).x, y: slime(down).y };
      expect(await page.evaluate(() => window.__RPG__.hud()?.chasing)).toMatch(/Defeated: 1$/);
      const gone = await watch(page, '!s.enemies[0].away', 15_000);
      const back = gone[gone.length - 1];
      // Away the whole 4 s (80 ticks at 20 Hz), back at once when they are up (a frame's sampling of slack).
      for (const s of gone.slice(0, -1)) expect(slime(s).away).toBe(true);
      expect(slime(back).away).toBe(false);
      expect(back.tick - down.tick).toBeGreaterThanOrEqual(79);
      expect(back.tick - down.tick).toBeLessThanOrEqual(84);
      expect(slime(back).hp).toBe(45);
      // Out of the player's sight: more than 16 tiles from it, not on the tile it fell on.
      const p = back.player;
      expect(Math.max(Math.abs(slime(back).x - p.x), Math.abs(slime(back).y - p.y))).toBeGreaterThan(16);
      expect(slime(back)).not.toMatchObject(fell);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('one journey', () => {
  test('hit points go down the stairs and back up unchanged, and the defeated slime is still away', async () => {
    // aggro 200: the slime comes for the player at once and strikes it before it falls.
    const { page, errors } = await openGame(session, '?map=town&enemies=1&aggro=200&seed=5');
    await waitReady(page);
    await page.waitForFunction(
      () => (window.__RPG__.state() as unknown as StateSeen).enemies[0].state === 'attack',
      null,
      { timeout: 20_000 },
    );
    const foe = slime(await state(page));
    await clickTile(page, foe.x, foe.y);
    const fight = await watch(page, 's.enemies[0].away', 20_000);
    const after = fight[fight.length - 1];
    expect(slime(after).away).toBe(true);
    const hp = after.player.hp;
    expect(hp).toBeLessThan(100);
    await clickTile(page, 8, 24); // the stairs down
    const down = await watch(page, 's.map?.name === "dungeon" && s.player !== undefined', 30_000);
    const leaving = down.filter((s) => s.map?.name === 'town' && s.player).pop()!;
    expect(leaving.player.hp).toBe(hp);
    await page.waitForFunction(() => window.__RPG__.ready, null, { timeout: 30_000 });
    const below = await state(page);
    expect(below.map?.name).toBe('dungeon');
    expect(below.player.hp).toBe(hp);
    await clickTile(page, 5, 2); // the stairs up
    const up = await watch(page, 's.map?.name === "town" && s.player !== undefined', 30_000);
    const leftBelow = up.filter((s) => s.map?.name === 'dungeon' && s.player).pop()!;
    await page.waitForFunction(() => window.__RPG__.ready, null, { timeout: 30_000 });
    const home = await state(page);
    expect(home.map?.name).toBe('town');
    expect(home.player).toMatchObject({ x: 8, y: 25, hp: leftBelow.player.hp });
    expect(home.player.hp).toBeLessThan(100);
    // The town kept its world: the slime is still away, its timer not run out.
    expect(slime(home).away).toBe(true);
    expect(await page.evaluate(() => window.__RPG__.hud()?.chasing)).toMatch(/Defeated: 1$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'town-after-stairs.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
