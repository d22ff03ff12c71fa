import type { TiledProperty } from 'tiled-types';

/** Custom properties as a plain record, from Tiled's `[{ name, type, value }]` list or the pre-1.2 object form. */
export function readProperties(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(raw)) {
    for (const p of raw) {
      if (p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string') {
        out[(p as { name: string }).name] = (p as { value?: unknown }).value;
      }
    }
  } else if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) out[k] = v;
  }
  return out;
}

/** Back to Tiled's list form (what Phaser reads), for properties merged from group layers. */
export function toPropertyList(props: Record<string, unknown>): TiledProperty[] {
  return Object.entries(props).map(([name, value]) => {
    if (typeof value === 'boolean') return { name, type: 'bool', value };
    if (typeof value === 'number') return { name, type: Number.isInteger(value) ? 'int' : 'float', value };
    return { name, type: 'string', value: typeof value === 'string' ? value : JSON.stringify(value) };
  });
}

/** Tiled writes booleans; hand-edited or converted files sometimes say "true". */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true') || value === 1;
}

/** Reads a property name case-sensitively first, then case-insensitively (authors type `Collides`). */
export function prop(props: Record<string, unknown>, name: string): unknown {
  if (name in props) return props[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(props)) if (key.toLowerCase() === lower) return props[key];
  return undefined;
}
