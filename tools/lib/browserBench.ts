// What the browser bench's parts share: the frame record the page hook hands out, its quantiles, the table's
// number format, and waiting for the game to be ready (or to say why not).
import type { Page } from 'playwright-core';
import type { FrameSample } from '../../src/view/FrameStats.ts';

/** The frame record `__RPG__.frames()` hands out. */
export type Frames = FrameSample;

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function most(values: number[]): number {
  let m = 0;
  for (const v of values) if (v > m) m = v;
  return m;
}

export const fmt = (v: number, places = 2) => v.toFixed(places).padStart(7);

/** Waits for `__RPG__.ready` (or the page's error sentence, thrown); returns ms from navigation to ready. */
export async function waitReady(page: Page, timeout = 120_000): Promise<number> {
  await page.waitForFunction(
    () => window.__RPG__?.ready === true || window.__RPG__?.state().error !== undefined,
    null,
    { timeout, polling: 100 },
  );
  const error = await page.evaluate(() => window.__RPG__.state().error);
  if (error !== undefined) throw new Error(`the game showed an error: ${error}`);
  return page.evaluate(() => window.__RPG__.readyAt);
}
