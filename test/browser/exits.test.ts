// Exits and starts as a player finds them: a walk past the dungeon's stairs stays in the dungeon (the preview
// goes round them), a click on the stairs leaves, and a crowded map starts with nobody within 6 tiles of the
// player, who is not noticed at once; a restart puts it back where it came into the map.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { clickTile, type StateSeen, state, waitForMap, waitRestarted, watch } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** Chebyshev distance from the player to its nearest enemy. */
/** How near the player any enemy started (the tiles they started on: some may have wandered a step already). */
function nearestStart(s: StateSeen): number {
  return Math.min(
    ...s.enemies.map((e) => Math.max(Math.abs(e.spawn.x - s.player.x), Math.abs(e.spawn.y - s.player.y))),
  );
}

describe('exits fire where the walk ends', () => {
  test('in the dungeon, a walk from (8, 2) to (2, 2) goes past the stairs and stays; a click on them leaves', async () => {
    const { page, errors } = await openGame(session, '?map=dungeon&enemies=0');
    await waitReady(page);
    await clickTile(page, 8, 2);
    await watch(page, 's.player.x === 8 && s.player.y === 2 && !s.player.moving', 10_000);
    expect((await state(page)).player).toMatchObject({ x: 8, y: 2, moving: false });

    // The preview of the walk past the stairs, then of the walk onto them (its end marked as an exit).
    const past = await page.evaluate(() => window.__RPG__.tileToClient(2, 2));
    await page.mouse.move(past.x, past.y);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOTS, 'dungeon-preview-past-stairs.png') });
    const onto = await page.evaluate(() => window.__RPG__.tileToClient(5, 2));
    await page.mouse.move(onto.x, onto.y);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOTS, 'dungeon-preview-onto-stairs.png') });

    await clickTile(page, 2, 2);
    const seen = await watch(
      page,
      's.map?.name !== "dungeon" || (s.player.x === 2 && s.player.y === 2 && !s.player.moving)',
      15_000,
    );
    const end = seen[seen.length - 1];
    expect(end.map?.name).toBe('dungeon');
    expect(end.player).toMatchObject({ x: 2, y: 2, moving: false });
    expect(
      seen.some((s) => s.player.x === 5 && s.player.y === 2),
      'the walk goes round the stairs',
    ).toBe(false);
    await page.waitForTimeout(500);
    expect((await state(page)).map?.name).toBe('dungeon');

    await clickTile(page, 5, 2);
    await waitForMap(page, 'town');
    expect((await state(page)).player).toMatchObject({ x: 8, y: 25 });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("in town, a click on the keep's wall beside its door walks beside the door, and stays in town", async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    await clickTile(page, 7, 23); // the wall west of the door above it
    const seen = await watch(page, 's.map?.name !== "town" || (s.tick > 40 && !s.player.moving)', 20_000);
    const end = seen[seen.length - 1];
    expect(end.map?.name).toBe('town');
    expect(end.player).not.toMatchObject({ x: 8, y: 24 });
    await page.waitForTimeout(500);
    expect((await state(page)).map?.name).toBe('town');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('fair starts', () => {
  test.each(['dungeon', 'town'])(
    '%s with ?enemies=300: no enemy within 6 tiles of the player at the start, and none notices it at once',
    async (map) => {
      const { page, errors } = await openGame(session, `?map=${map}&enemies=300`);
      await waitReady(page);
      const first = await state(page);
      expect(first.enemies).toHaveLength(300);
      expect(nearestStart(first)).toBeGreaterThan(6);
      // The first 2 s (40 ticks) on the map: nobody chases, the player is unhurt.
      const seen = await watch(page, 's.tick >= 38', 10_000);
      expect(seen.every((s) => s.enemies.every((e) => e.state !== 'chase' && e.state !== 'attack'))).toBe(
        true,
      );
      expect(seen[seen.length - 1].player.hp).toBe(100);
      await page.screenshot({ path: join(SCREENSHOTS, `${map}-300-start.png`) });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  test('after a defeat in the dungeon, the restart puts the player back where it came down the stairs', async () => {
    // One enemy on each map that hunts from anywhere and never gives up; 10 hit points: one blow ends it.
    const { page, errors } = await openGame(session, '?map=town&enemies=1&aggro=200&leash=1000&hp=10');
    await waitReady(page);
    await clickTile(page, 8, 24);
    await waitForMap(page, 'dungeon');
    expect((await state(page)).player).toMatchObject({ x: 5, y: 3 });
    await clickTile(page, 8, 6);
    await watch(page, 's.player.x === 8 && s.player.y === 6 && !s.player.moving', 10_000);
    const fell = await watch(page, 's.player.defeated', 60_000);
    expect(fell[fell.length - 1].player.defeated).toBe(true);
    await page.keyboard.press('r');
    await waitRestarted(page);
    const again = await state(page);
    expect(again.map?.name).toBe('dungeon');
    expect(again.player).toMatchObject({ x: 5, y: 3, hp: 10, defeated: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});
