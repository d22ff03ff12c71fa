// What every browser test needs: the built game served from dist/ by a plain static server, the system
// Chromium, and a page that records every error it logs.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { launchChromium } from '../../tools/lib/chromium.ts';
import { type StaticServer, serveStatic } from '../../tools/lib/staticServer.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SCREENSHOTS = join(ROOT, 'test', 'screenshots');

export interface GameSession {
  server: StaticServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startSession(): Promise<GameSession> {
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: build the game first (npm run build), or run npm run test:browser.',
    );
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const server = await serveStatic(dist);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface OpenPage {
  page: Page;
  /** Uncaught exceptions and console errors, in order. */
  errors: string[];
}

export async function openGame(
  session: GameSession,
  query: string,
  viewport = { width: 1280, height: 720 },
): Promise<OpenPage> {
  const page = await session.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  await page.goto(session.server.url + query);
  return { page, errors };
}

export async function waitReady(page: Page, timeout = 60_000) {
  await page.waitForFunction(
    () => window.__RPG__?.ready === true || window.__RPG__?.state().error !== undefined,
    null,
    {
      timeout,
    },
  );
  const error = await page.evaluate(() => window.__RPG__.state().error);
  if (error !== undefined) throw new Error(`the game showed an error instead of the map: ${error}`);
}

export interface PixelSummary {
  /** Distinct colours among the sampled pixels (each channel quantized to 16 levels). */
  colours: number;
  /** Share of sampled pixels that are the page's background colour (nothing drawn there). */
  background: number;
}

/** Samples a 40 × 24 grid of the screenshot's pixels: enough to tell a drawn map from an empty canvas. */
export function samplePixels(png: Buffer, backgroundRgb: [number, number, number]): PixelSummary {
  const img = PNG.sync.read(png);
  const seen = new Set<number>();
  let background = 0;
  let samples = 0;
  for (let gy = 0; gy < 24; gy++) {
    for (let gx = 0; gx < 40; gx++) {
      const x = Math.floor(((gx + 0.5) * img.width) / 40);
      const y = Math.floor(((gy + 0.5) * img.height) / 24);
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
      seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      const [br, bg, bb] = backgroundRgb;
      if (Math.abs(r - br) + Math.abs(g - bg) + Math.abs(b - bb) < 6) background++;
      samples++;
    }
  }
  return { colours: seen.size, background: background / samples };
}
