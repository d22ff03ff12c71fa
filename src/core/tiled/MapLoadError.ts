/**
 * A map (or one of its tilesets) that cannot be loaded. The message is one sentence naming the file and the
 * fault, written for the map author: the game shows it on screen and `map:inspect` prints it on stderr.
 */
export class MapLoadError extends Error {
  /** The file at fault (the map, or the external tileset or template it refers to), when known. */
  readonly file: string | undefined;
  /** The map file itself is not there (unreadable, or a server's web page instead): another name may be tried. */
  readonly missing: boolean;

  constructor(message: string, file?: string, missing = false) {
    super(message);
    this.name = 'MapLoadError';
    this.file = file;
    this.missing = missing;
  }
}

/** Builds the one-sentence error `FILE: fault.` (the fault is written without its closing full stop). */
export function mapError(file: string, fault: string, missing = false): MapLoadError {
  const text = fault.endsWith('.') ? fault : `${fault}.`;
  return new MapLoadError(printable(`${file}: ${text}`), file, missing);
}

/** Names from the file (layers, tilesets, objects) may hold line breaks; the sentence must stay on one line. */
function printable(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    const control = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
    out += control ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}
