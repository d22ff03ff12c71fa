/**
 * The memory of the searches over the jump table (JumpTableSearch, WindowJumpSearch), one at a time: one
 * 8-byte slot per cell (`slot[2c]` the space's `gen` of the last search that reached c, `slot[2c + 1]` its
 * node) and a pool of nodes filled in the order cells are reached (cell, g, parent cell, heap slot), with a
 * binary heap over nodes and their keys. A query reaches a few dozen cells scattered over the map, so its
 * cost is cache misses more than work: this keeps what it knows of a cell on one cache line, not four.
 */
export class JumpNodes {
  private slot: Int32Array | null = null;
  /** The `gen` of the last search: a smaller one means the space's stamps wrapped round. */
  private lastGen = 0;
  private readonly size: number;
  cellOf = new Int32Array(256);
  gOf = new Float64Array(256);
  /** The cell a node was reached from (the start's is itself). */
  parentOf = new Int32Array(256);
  /** A node's slot in the heap while open. */
  at = new Int32Array(256);
  /** Binary min-heap of open nodes, and their keys. */
  heap = new Int32Array(256);
  keys = new Float64Array(256);

  constructor(cells: number) {
    this.size = cells;
  }

  /** The per-cell slots for a search stamped `stamp` (cleared when the stamps wrapped round). */
  slots(stamp: number): Int32Array {
    const slot = this.slot ?? this.newSlots();
    if (stamp <= this.lastGen) slot.fill(0);
    this.lastGen = stamp;
    return slot;
  }

  /** Makes the slots, and room for `nodes` nodes, now rather than during searches. */
  prepare(nodes: number): void {
    this.slot ??= this.newSlots();
    while (this.cellOf.length < nodes) this.grow();
  }

  /** Doubles the pool and the heap, keeping what they hold. */
  grow(): void {
    const more = this.cellOf.length * 2;
    const ints = (a: Int32Array) => {
      const b = new Int32Array(more);
      b.set(a);
      return b;
    };
    const doubles = (a: Float64Array) => {
      const b = new Float64Array(more);
      b.set(a);
      return b;
    };
    this.cellOf = ints(this.cellOf);
    this.gOf = doubles(this.gOf);
    this.parentOf = ints(this.parentOf);
    this.at = ints(this.at);
    this.heap = ints(this.heap);
    this.keys = doubles(this.keys);
  }

  /** Writes the parents of the path's nodes, `end` back to `start`, into `parent` (the planner's tracePath). */
  writeParents(parent: Int32Array, start: number, end: number): void {
    const slot = this.slot!;
    for (let v = end; v !== start; v = parent[v]) parent[v] = this.parentOf[slot[2 * v + 1]];
  }

  private newSlots(): Int32Array {
    this.slot = new Int32Array(2 * this.size);
    return this.slot;
  }
}
