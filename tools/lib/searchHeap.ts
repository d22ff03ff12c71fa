/**
 * Heap per search, as the benches measure it: V8's sampling heap profiler (through the inspector, every
 * allocation counted whether a collection freed it since or not) watches 10,000 searches, then the same
 * number of paths and result objects made afresh with the lengths the searches returned. The first over the
 * second is what a search allocates beyond its answer. Then what is still retained after a full GC (needs
 * `node --expose-gc`).
 */
import { Session } from 'node:inspector/promises';

export interface SearchHeap {
  /** Bytes a search allocated. */
  allocated: number;
  /** Searches watched. */
  searches: number;
  /** Bytes a search's returned path and result object take, made afresh with the same lengths. */
  needed: number;
  /** Bytes still held after the searches and a full GC; null without `--expose-gc`. */
  retained: number | null;
}

interface SampledNode {
  selfSize: number;
  children: SampledNode[];
}

/** Sample about every this many bytes allocated (V8's default is 32 KB: too coarse for a few bytes a search). */
const SAMPLING_BYTES = 32;

/** Bytes allocated while `work` ran, by the sampling heap profiler. */
async function allocatedBy(session: Session, work: () => void): Promise<number> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_BYTES,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  work();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  let bytes = 0;
  const stack: SampledNode[] = [profile.head as SampledNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    bytes += node.selfSize;
    stack.push(...node.children);
  }
  return bytes;
}

/** A sink the afresh-made answers are written to, so that they are made. */
const sink: { answer: unknown } = { answer: null };

/** `run(k)` runs the k-th search and returns the length of the path it returned. */
export async function searchHeap(run: (k: number) => number, searches = 10000): Promise<SearchHeap> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const session = new Session();
  session.connect();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const lengths = new Int32Array(searches);
  const allocated = await allocatedBy(session, () => {
    for (let k = 0; k < searches; k++) lengths[k] = run(k);
  });
  gc?.();
  const retained = gc ? process.memoryUsage().heapUsed - before : null;
  // What the answers alone take: a path array of each length, as the searches make it (sized, then filled
  // with cells), and a result object with its cost a fraction.
  const needed = await allocatedBy(session, () => {
    for (let k = 0; k < searches; k++) {
      const n = lengths[k];
      const path = new Array<number>(n);
      for (let i = 0; i < n; i++) path[i] = i;
      sink.answer = { status: 'found', path, cost: n + 0.5, expanded: k };
    }
  });
  sink.answer = null;
  session.disconnect();
  return { allocated: allocated / searches, searches, needed: needed / searches, retained };
}

/** "allocated 1,003 B/search over 10,000 searches; their paths and results made afresh take 995 B/search: 8 beyond". */
export function describeSearchHeap(h: SearchHeap): string {
  const beyond = h.allocated - h.needed;
  return (
    `allocated ${h.allocated.toFixed(0)} B/search over ${h.searches} searches (sampled every ~${SAMPLING_BYTES} B); ` +
    `their paths and result objects made afresh take ${h.needed.toFixed(0)} B/search: ` +
    `${beyond.toFixed(0)} B/search beyond the answer`
  );
}
