import { describe, isObject, type Json, numberOr } from './json.ts';
import { mapError } from './MapLoadError.ts';
import { isTrue, prop, readProperties } from './properties.ts';

/** A layer after group layers are flattened away, with what it inherited from its groups. */
export interface FlatLayer {
  raw: Json;
  kind: 'tile' | 'object' | 'image';
  /** `group/layer` inside groups (Phaser's naming), the plain name otherwise; unique within the map. */
  name: string;
  visible: boolean;
  opacity: number;
  offsetx: number;
  offsety: number;
  properties: Record<string, unknown>;
  collision: boolean;
  above: boolean;
}

/** Groups nested deeper than this are refused: no real map needs it, and it bounds the recursion. */
const MAX_GROUP_DEPTH = 32;
const COLLISION_NAME = /^collisions?$/i;
const ABOVE_NAME = /^above$/i;

interface Inherited {
  path: string;
  visible: boolean;
  opacity: number;
  offsetx: number;
  offsety: number;
  properties: Record<string, unknown>;
  collisionName: boolean;
  aboveName: boolean;
}

/**
 * Flattens group layers in drawing order. A group's visibility, opacity and offsets combine with its layers'
 * (as Tiled draws them), its properties are inherited unless a layer sets its own, and a group named
 * `Collision` or `Above` makes every layer inside it a collision or an above layer.
 */
export function flattenLayers(raw: unknown, file: string): FlatLayer[] {
  if (!Array.isArray(raw)) throw mapError(file, `its "layers" is ${describe(raw)}, not a list`);
  const out: FlatLayer[] = [];
  const root: Inherited = {
    path: '',
    visible: true,
    opacity: 1,
    offsetx: 0,
    offsety: 0,
    properties: {},
    collisionName: false,
    aboveName: false,
  };
  walk(raw, root, 0, file, out);
  // Phaser finds layers by name and takes the first match: give repeated names a ` #2`, ` #3`… suffix so
  // every layer can be created by the name LayerInfo reports.
  const seen = new Set<string>();
  for (const layer of out) {
    let name = layer.name;
    for (let n = 2; seen.has(name); n++) name = `${layer.name} #${n}`;
    layer.name = name;
    seen.add(name);
  }
  return out;
}

function walk(list: unknown[], parent: Inherited, depth: number, file: string, out: FlatLayer[]): void {
  if (depth > MAX_GROUP_DEPTH)
    throw mapError(file, `its group layers nest deeper than ${MAX_GROUP_DEPTH} levels`);
  for (let i = 0; i < list.length; i++) {
    const layer = list[i];
    if (!isObject(layer)) throw mapError(file, `layer ${i + 1} is ${describe(layer)}, not an object`);
    const ownName = typeof layer.name === 'string' ? layer.name : `layer ${i + 1}`;
    const here: Inherited = {
      path: parent.path ? `${parent.path}/${ownName}` : ownName,
      visible: parent.visible && layer.visible !== false,
      opacity: parent.opacity * numberOr(layer, 'opacity', 1),
      offsetx: parent.offsetx + numberOr(layer, 'offsetx', 0),
      offsety: parent.offsety + numberOr(layer, 'offsety', 0),
      properties: { ...parent.properties, ...readProperties(layer.properties) },
      collisionName: parent.collisionName || COLLISION_NAME.test(ownName.trim()),
      aboveName: parent.aboveName || ABOVE_NAME.test(ownName.trim()),
    };
    const type = layer.type;
    if (type === 'group') {
      if (!Array.isArray(layer.layers)) {
        throw mapError(
          file,
          `group layer "${here.path}" has "layers" that is ${describe(layer.layers)}, not a list`,
        );
      }
      walk(layer.layers, here, depth + 1, file, out);
      continue;
    }
    let kind: FlatLayer['kind'];
    if (type === 'tilelayer') kind = 'tile';
    else if (type === 'objectgroup') kind = 'object';
    else if (type === 'imagelayer') kind = 'image';
    else throw mapError(file, `layer "${here.path}" has the unknown type ${describe(type)}`);
    out.push({
      raw: layer,
      kind,
      name: here.path,
      visible: here.visible,
      opacity: here.opacity,
      offsetx: here.offsetx,
      offsety: here.offsety,
      properties: here.properties,
      collision:
        kind !== 'image' &&
        (here.collisionName ||
          isTrue(prop(here.properties, 'collides')) ||
          // Excalibur's convention: its example maps mark collision layers with the bool `solid`.
          isTrue(prop(here.properties, 'solid'))),
      above: here.aboveName || isTrue(prop(here.properties, 'above')),
    });
  }
}
