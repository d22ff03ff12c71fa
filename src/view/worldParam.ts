// Which Tiled world a `?world=` value means: a bare name is a `.world` file in the game's maps/ folder
// (`?world=valley` opens maps/valley.world); anything with a `/` or ending in `.world` is a URL, relative to the
// page. `?world=` and `?map=` together are refused: a world starts on its own first map.

const NAME = /^[A-Za-z0-9_-]+$/;
const WORLD_FILE = /\.world$/i;

export interface WorldRef {
  /** What the game calls the world (its file name without `.world`). */
  name: string;
  url: string;
}

/** The world the page asks for, or undefined without `?world=`; throws an Error whose message is the sentence. */
export function worldFromPage(search: string): WorldRef | undefined {
  const q = new URLSearchParams(search);
  const value = q.get('world');
  if (value === null) return undefined;
  if (q.has('map')) {
    throw new Error(
      'The map and world parameters cannot be used together: a world starts on its own first map, so give one or the other.',
    );
  }
  return resolveWorldRef(value);
}

export function resolveWorldRef(value: string): WorldRef {
  const v = value.trim();
  if (v === '')
    throw new Error(
      'The world parameter is empty: give a world name such as ?world=valley or a URL of a .world file.',
    );
  if (v.includes('/') || WORLD_FILE.test(v)) {
    const file =
      v
        .replace(/[?#].*$/, '')
        .split('/')
        .pop() ?? v;
    return { name: file.replace(WORLD_FILE, '') || file, url: v };
  }
  if (!NAME.test(v)) {
    throw new Error(
      `The world parameter "${v.length > 40 ? `${v.slice(0, 40)}…` : v}" is neither a world name (letters, digits, - and _) nor a URL of a .world file.`,
    );
  }
  return { name: v, url: `maps/${v}.world` };
}
