/**
 * Heap per search, as the benches measure it: 10,000 searches in batches of 50; a batch whose heap did not
 * shrink ran without a collection, so its growth is what those searches allocated. Compared with what the
 * returned paths and result objects alone must take; then what is still retained after a full GC (needs
 * `node --expose-gc`).
 */

export interface SearchHeap {
  /** Bytes a search allocated, over the batches that ran without a collection. */
  allocated: number;
  /** Searches in those batches. */
  searches: number;
  /** Bytes a search's returned path and result object alone take. */
  needed: number;
  /** Bytes still held after the searches and a full GC; null without `--expose-gc`. */
  retained: number | null;
}

/** `run(k)` runs the k-th search and returns the length of the path it returned. */
export function searchHeap(run: (k: number) => number): SearchHeap {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let searches = 0;
  let grown = 0;
  let cells = 0;
  for (let batch = 0; batch < 200; batch++) {
    const h0 = process.memoryUsage().heapUsed;
    let batchCells = 0;
    for (let k = 0; k < 50; k++) batchCells += run(batch * 50 + k);
    const d = process.memoryUsage().heapUsed - h0;
    if (d >= 0) {
      searches += 50;
      grown += d;
      cells += batchCells;
    }
  }
  gc?.();
  const retained = gc ? process.memoryUsage().heapUsed - before : null;
  // A path array: 16-byte header + 16-byte elements store + 8 bytes a cell; a result object with its cost.
  const needed = (cells * 8 + searches * (32 + 48)) / searches;
  return { allocated: grown / searches, searches, needed, retained };
}

/** "allocated 600 B/search over 9,950 searches without a GC; the returned path and result alone need ≈ 550 B/search". */
export function describeSearchHeap(h: SearchHeap): string {
  return (
    `allocated ${h.allocated.toFixed(0)} B/search over ${h.searches} searches without a GC; ` +
    `the returned path and result alone need ≈ ${h.needed.toFixed(0)} B/search`
  );
}
