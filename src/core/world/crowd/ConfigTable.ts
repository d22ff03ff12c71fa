/**
 * The configurations a LaCAM search has met (ConfigSearch.ts), by node id: each node's tile per walker and
 * priorities, n numbers each in two flat arrays, and the explored set over them (open addressing by the
 * configuration's hash), so a configuration met again is found in about one probe.
 */
export class ConfigTable {
  /** Walkers per configuration. */
  private n = 0;
  /** Per node: its tile per walker (n per node). */
  cfg = new Int32Array(0);
  /** Per node: its priority per walker (n per node). */
  prio = new Float64Array(0);
  private hashOf = new Int32Array(64);
  private slots = new Int32Array(1024);

  /** Empties the table for configurations of n walkers. */
  reset(n: number): void {
    this.n = n;
    this.slots.fill(0);
  }

  /** Stores `config` as node `id` (ids come in order from 0); `insert` makes it findable. */
  store(id: number, config: Int32Array): void {
    const n = this.n;
    if ((id + 1) * n > this.cfg.length) {
      const cap = Math.max((id + 1) * n, this.cfg.length * 2, 64 * n);
      const cfg = new Int32Array(cap);
      cfg.set(this.cfg);
      this.cfg = cfg;
      const prio = new Float64Array(cap);
      prio.set(this.prio);
      this.prio = prio;
    }
    if (id >= this.hashOf.length) {
      const hashOf = new Int32Array(this.hashOf.length * 2);
      hashOf.set(this.hashOf);
      this.hashOf = hashOf;
    }
    this.cfg.set(config.subarray(0, n), id * n);
    this.hashOf[id] = hash(config, n);
  }

  /** The node holding `config`, or -1. */
  lookup(config: Int32Array): number {
    const n = this.n;
    const h = hash(config, n);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === 0) return -1;
      const node = v - 1;
      if (this.hashOf[node] !== h) continue;
      const base = node * n;
      let same = true;
      for (let k = 0; k < n; k++) {
        if (this.cfg[base + k] !== config[k]) {
          same = false;
          break;
        }
      }
      if (same) return node;
    }
  }

  /** Makes node `node` findable; `nodes` nodes are stored, every one before it inserted already. */
  insert(node: number, nodes: number): void {
    if (nodes * 2 > this.slots.length) this.rehash(nodes);
    const mask = this.slots.length - 1;
    let s = this.hashOf[node] & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = node + 1;
  }

  private rehash(nodes: number): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let node = 0; node < nodes - 1; node++) {
      let s = this.hashOf[node] & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = node + 1;
    }
    this.slots = slots;
  }
}

function hash(config: Int32Array, n: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < n; k++) {
    h = Math.imul(h ^ config[k], 0x01000193);
    h ^= h >>> 15;
  }
  return h | 0;
}
