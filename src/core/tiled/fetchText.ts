import type { ReadText } from './types.ts';

/** The browser's (and worker's) ReadText: fetch, with an HTTP failure as a short reason the loader wraps. */
export const fetchText: ReadText = async (url) => {
  const response = await fetch(url);
  if (!response.ok)
    throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  return response.text();
};
