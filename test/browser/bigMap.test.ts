// A big map plays: a 2048 × 2048 field (made from the field generator's seed at test time, not committed) loads,
// draws around the player, and walks; the page's JS heap stays far from what drawing the whole map took (3 GB)
// because only the chunks near the camera are built. Timings live in `npm run bench:browser`.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bigFieldName, provideBigField } from '../../tools/lib/bigFields.ts';
import {
  type GameSession,
  openGame,
  ROOT,
  SCREENSHOTS,
  samplePixels,
  startSession,
  waitReady,
} from './harness.ts';
import { clickTile, state, watch } from './player.ts';

const SIZE = 2048;
const MB = 1024 * 1024;

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
  provideBigField(SIZE, join(ROOT, 'dist', 'maps'));
});
afterAll(async () => {
  await session?.close();
});

describe('big maps', () => {
  test(`a ${SIZE} × ${SIZE} field loads, is drawn around the player, and the player walks it`, async () => {
    const { page, errors } = await openGame(session, `?map=${bigFieldName(SIZE)}&enemies=0`);
    await waitReady(page, 90_000);
    const s = await state(page);
    expect(s.map).toMatchObject({ width: SIZE, height: SIZE });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    expect(heap.usedSize / MB, 'JS heap (MB) with the map on screen').toBeLessThan(600);

    const shot = await page.screenshot({ path: join(SCREENSHOTS, `big-field-${SIZE}.png`) });
    const drawn = samplePixels(shot, [0x14, 0x12, 0x1a]);
    expect(drawn.background, 'the map is drawn, not the empty canvas').toBeLessThan(0.1);
    expect(drawn.colours).toBeGreaterThan(20);

    // Walk east along the road, off the first chunk.
    const goal = { x: s.player.x + 30, y: s.player.y };
    for (let step = 0; step < 3; step++) {
      const p = (await state(page)).player;
      await clickTile(page, Math.min(goal.x, p.x + 12), goal.y);
      await watch(page, `!s.player.moving && s.player.x >= ${Math.min(goal.x, p.x + 12)}`, 15_000);
    }
    expect((await state(page)).player).toMatchObject(goal);
    const later = await page.screenshot({ path: join(SCREENSHOTS, `big-field-${SIZE}-walked.png`) });
    expect(samplePixels(later, [0x14, 0x12, 0x1a]).background).toBeLessThan(0.1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
