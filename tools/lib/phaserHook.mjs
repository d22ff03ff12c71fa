/**
 * A module.register resolve hook: `phaser` imported from inside grid-engine's package becomes
 * phaserStandIn.mjs. Real Phaser reads `navigator` and `window` as it loads, so in Node it throws before
 * grid-engine's headless engine (which never touches it) can be used. Imports of `phaser` from anywhere
 * else resolve as usual.
 */
const STAND_IN = new URL('./phaserStandIn.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'phaser' && context.parentURL?.includes('/node_modules/grid-engine/')) {
    return { url: STAND_IN, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
