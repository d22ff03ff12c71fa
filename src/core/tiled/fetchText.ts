import type { ReadText } from './types.ts';

/**
 * The browser's (and worker's) ReadText: fetch, with an HTTP failure as a short reason the loader wraps. A fetch
 * that fails outright says only "Failed to fetch"; a second, opaque request tells the two usual causes apart:
 * when it gets through, the server answered but does not let this page read its files (no CORS header).
 */
export const fetchText: ReadText = async (url) => {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(await whyUnreachable(url, e));
  }
  if (!response.ok)
    throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  return response.text();
};

async function whyUnreachable(url: string, failure: unknown): Promise<string> {
  const page = (globalThis as { location?: { href: string; origin: string } }).location;
  let origin = '';
  try {
    origin = new URL(url, page?.href).origin;
  } catch {
    return failure instanceof Error ? failure.message : String(failure);
  }
  if (page && origin !== page.origin) {
    try {
      await fetch(url, { mode: 'no-cors' });
      return `the server ${origin} did not allow this page (${page.origin}) to read it: it sends no Access-Control-Allow-Origin header for it`;
    } catch {
      // Not even an opaque answer: the server is down or the address is wrong.
    }
  }
  return `the server ${origin} could not be reached`;
}
