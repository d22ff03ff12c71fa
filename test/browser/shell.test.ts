// The page around the map: the default map, `?map=` as a name or a URL, one sentence on screen when a map
// cannot be loaded, and a view that follows the window when it is resized.
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveStatic } from '../../tools/lib/staticServer.ts';
import { type GameSession, openGame, ROOT, SCREENSHOTS, startSession, waitReady } from './harness.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** Waits for the error sentence and returns what the player sees and what the hook reports. */
async function errorShown(query: string, screenshot: string) {
  const { page, errors } = await openGame(session, query);
  await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
  const text = (await page.textContent('#error')) ?? '';
  const state = await page.evaluate(() => window.__RPG__.state());
  const ready = await page.evaluate(() => window.__RPG__.ready);
  const canvasVisible = await page.evaluate(
    () => getComputedStyle(document.getElementById('game') as HTMLElement).visibility !== 'hidden',
  );
  await page.screenshot({ path: join(SCREENSHOTS, screenshot) });
  const pageErrors = errors.filter((e) => e.startsWith('page error'));
  await page.close();
  return { text, state, ready, canvasVisible, pageErrors };
}

describe('which map the page shows', () => {
  test('without ?map= the town loads', async () => {
    const { page, errors } = await openGame(session, '');
    await waitReady(page);
    expect((await page.evaluate(() => window.__RPG__.state())).map?.name).toBe('town');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('?map= with a page-relative URL loads that file', async () => {
    const { page, errors } = await openGame(session, '?map=maps/dungeon.tmj');
    await waitReady(page);
    const map = (await page.evaluate(() => window.__RPG__.state())).map;
    expect(map).toMatchObject({ name: 'dungeon', width: 48, height: 36 });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('?map= with an absolute URL resolves its tilesets and images relative to it', async () => {
    const url = `${session.server.url}maps/town.tmj`;
    const { page, errors } = await openGame(session, `?map=${encodeURIComponent(url)}`);
    await waitReady(page);
    expect((await page.evaluate(() => window.__RPG__.state())).map).toMatchObject({
      name: 'town',
      width: 40,
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a map that cannot be loaded shows one sentence instead of a blank canvas', () => {
  test('?map=does-not-exist names the file and the HTTP status', async () => {
    const shown = await errorShown('?map=does-not-exist', 'error-missing-map.png');
    expect(shown.text).toContain('maps/does-not-exist.tmj');
    expect(shown.text).toContain('404');
    expect(shown.text).toMatch(/\.$/);
    expect(shown.text).not.toContain('\n');
    expect(shown.state.error).toBe(shown.text);
    expect(shown.state.map).toBeNull();
    expect(shown.ready).toBe(false);
    expect(shown.canvasVisible).toBe(false);
    expect(shown.pageErrors).toEqual([]);
  });

  test('a file that is not a map says so', async () => {
    const shown = await errorShown('?map=maps/tuxemon.tsj', 'error-not-a-map.png');
    expect(shown.text).toContain('maps/tuxemon.tsj: this is a Tiled tileset, not a map');
    expect(shown.state.error).toBe(shown.text);
    expect(shown.pageErrors).toEqual([]);
  });

  test('a tileset image that cannot be loaded names the image and the map', async () => {
    const { page, errors } = await openGame(session, '');
    await page.route('**/tuxemon-32px.png', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.reload();
    await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
    const text = (await page.textContent('#error')) ?? '';
    expect(text).toBe(
      'Image assets/tilesets/tuxemon-32px.png could not be loaded, so map maps/town.tmj cannot be drawn.',
    );
    expect(await page.evaluate(() => window.__RPG__.state().error)).toBe(text);
    expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });

  test('a map on a server that does not allow this page to read it (no CORS header) says so', async () => {
    // Another origin (another port) serving the same files, as a plain host does: without CORS headers.
    const other = await serveStatic(join(ROOT, 'dist'));
    try {
      const url = `${other.url}maps/town.tmj`;
      const shown = await errorShown(`?map=${encodeURIComponent(url)}`, 'error-cors.png');
      expect(shown.text).toBe(
        `${url}: the map cannot be read (the server ${other.url.replace(/\/$/, '')} did not allow this page (${session.server.url.replace(/\/$/, '')}) to read it: it sends no Access-Control-Allow-Origin header for it).`,
      );
      expect(shown.pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('a map on a server that cannot be reached says so', async () => {
    const gone = await serveStatic(join(ROOT, 'dist'));
    await gone.close();
    const url = `${gone.url}maps/town.tmj`;
    const shown = await errorShown(`?map=${encodeURIComponent(url)}`, 'error-unreachable.png');
    expect(shown.text).toBe(
      `${url}: the map cannot be read (the server ${gone.url.replace(/\/$/, '')} could not be reached).`,
    );
  });

  test('a map parameter that is neither a name nor a URL is refused', async () => {
    const shown = await errorShown('?map=my%20map!', 'error-bad-parameter.png');
    expect(shown.text).toBe(
      'The map parameter "my map!" is neither a map name (letters, digits, - and _) nor a URL of a .tmj, .tmx or .json file.',
    );
    expect(shown.pageErrors).toEqual([]);
  });
});

describe('the view', () => {
  test('a small map is shown whole and stays whole when the window is resized', async () => {
    const { page, errors } = await openGame(session, '?map=town', { width: 1280, height: 720 });
    await waitReady(page);
    const corners = () =>
      page.evaluate(() => ({ a: window.__RPG__.tileToClient(0, 0), b: window.__RPG__.tileToClient(39, 29) }));
    const before = await corners();
    expect(before.a.x).toBeGreaterThan(0);
    expect(before.b.x).toBeLessThan(1280);
    expect(before.b.y).toBeLessThan(720);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.waitForFunction(() => window.__RPG__.tileToClient(39, 29).x < 800);
    const after = await corners();
    expect(after.a.x).toBeGreaterThan(0);
    expect(after.a.y).toBeGreaterThan(0);
    expect(after.b.x).toBeLessThan(800);
    expect(after.b.y).toBeLessThan(900);
    await page.screenshot({ path: join(SCREENSHOTS, 'town-resized.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('while the tileset image loads, a progress bar shows how far it is', async () => {
    const { page, errors } = await openGame(session, '');
    // Hold the tileset image back so the loading screen stays up long enough to look at.
    let seen!: () => void;
    const requested = new Promise<void>((resolve) => {
      seen = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/tuxemon-32px.png', async (route) => {
      seen();
      await held;
      await route.continue();
    });
    await page.reload();
    await requested;
    await page.waitForTimeout(300);
    const shot = await page.screenshot({ path: join(SCREENSHOTS, 'loading.png') });
    const img = PNG.sync.read(shot);
    let gold = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      if (
        Math.abs(img.data[i] - 0xf3) < 8 &&
        Math.abs(img.data[i + 1] - 0xe9) < 8 &&
        Math.abs(img.data[i + 2] - 0xd2) < 8
      )
        gold++;
    }
    expect(gold, 'the bar frame and its caption are drawn').toBeGreaterThan(500);
    expect(await page.evaluate(() => window.__RPG__.ready)).toBe(false);
    release();
    await waitReady(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
