// When the game cannot start (a map that fails to load, a bad URL parameter, no WebGL), the page shows one
// sentence in place of the canvas: a player sees what went wrong instead of a blank screen.
import { pageHook } from './pageHook.ts';

export function showError(sentence: string) {
  const banner = document.getElementById('error');
  const game = document.getElementById('game');
  if (banner) {
    banner.textContent = sentence;
    banner.hidden = false;
  }
  if (game) game.style.visibility = 'hidden';
  pageHook.showError(sentence);
  console.error(sentence);
}

export function clearError() {
  const banner = document.getElementById('error');
  const game = document.getElementById('game');
  if (banner) {
    banner.textContent = '';
    banner.hidden = true;
  }
  if (game) game.style.visibility = '';
}

/** The sentence for anything thrown while loading: a MapLoadError already is one; anything else gets framed. */
export function sentenceOf(e: unknown, what: string): string {
  if (e instanceof Error && e.name === 'MapLoadError') return e.message;
  const why = e instanceof Error ? e.message : String(e);
  if (/^[A-Z].*\.$/.test(why)) return why;
  return `${what} could not be loaded (${why.replace(/\.$/, '')}).`;
}

/**
 * A sentence shown over a game that goes on (a live-reloaded map that no longer loads: the last good one stays).
 * Unlike showError it leaves the game visible and playable.
 */
export function showNotice(sentence: string) {
  const notice = document.getElementById('notice');
  if (!notice) return;
  notice.textContent = sentence;
  notice.hidden = false;
}

export function clearNotice() {
  const notice = document.getElementById('notice');
  if (!notice) return;
  notice.textContent = '';
  notice.hidden = true;
}
